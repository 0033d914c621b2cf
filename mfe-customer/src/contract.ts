import type { RemoteContract } from 'shared';

/**
 * What mfe_customer serves (docs/architecture.md, 'How the page is composed'): the shell mounts these routes
 * under its guard and layout, choosing by `role` where two remotes serve the same path.
 */
const contract: RemoteContract = {
  name: 'mfe_customer',
  routes: [
    { path: '/service', title: 'All Services', role: 'Customer', load: () => import('./screens/ServicesPage') },
    { path: '/drivebooking', title: 'Book a Driver', load: () => import('./screens/DriveBookingPage') },
    { path: '/providerprofile', title: 'Provider Profile', load: () => import('./screens/ProviderProfilePage') },
    { path: '/activebooking', title: 'Active Bookings', load: () => import('./screens/ActiveBookingsPage') },
    { path: '/previousbooking', title: 'Previous Bookings', load: () => import('./screens/PreviousBookingsPage') },
    {
      path: '/activebookingdetails',
      title: 'Booking Details',
      role: 'Customer',
      load: () => import('./screens/ActiveBookingDetailsPage'),
    },
    { path: '/requestconfirmation', title: 'Request Confirmation', load: () => import('./screens/RequestConfirmationPage') },
    { path: '/bookingfinished', title: 'Rate your Booking', load: () => import('./screens/BookingFinishedPage') },
    { path: '/viewonmap', title: 'View on Map', load: () => import('./screens/ViewOnMapPage') },
  ],
  widgets: [
    { name: 'HomeBlocks', role: 'Customer', load: () => import('./widgets/HomeBlocks') },
    /** Opens the booking modal on `booking/assign` (chat's Assign Job); the shell mounts it on every signed-in page. */
    { name: 'BookingAssignHost', role: 'Customer', load: () => import('./widgets/BookingAssignHost') },
  ],
};

export default contract;
