import type { RemoteContract } from 'shared';

/**
 * What mfe_provider serves (docs/architecture.md, 'How the page is composed'): the shell mounts these routes
 * under its guard and layout, choosing by `role` where two remotes serve the same path.
 */
const contract: RemoteContract = {
  name: 'mfe_provider',
  routes: [
    { path: '/jobrequest', title: 'Job Requests', load: () => import('./screens/JobRequestsPage') },
    { path: '/jobrequestdetails', title: 'Job Request Details', load: () => import('./screens/JobRequestDetailsPage') },
    { path: '/deliveryconfirmation', title: 'Delivery Confirmation', load: () => import('./screens/DeliveryConfirmationPage') },
    {
      path: '/provideractivebookingdetails',
      title: 'Job Details',
      load: () => import('./screens/ProviderActiveBookingDetailsPage'),
    },
    { path: '/ridefinished', title: 'Ride Finished', load: () => import('./screens/RideFinishedPage') },
    { path: '/service', title: 'All Services', role: 'Provider', load: () => import('./screens/ServicesPage') },
    {
      path: '/activebookingdetails',
      title: 'Job Details',
      role: 'Provider',
      load: () => import('./screens/ActiveBookingDetailsPage'),
    },
  ],
  widgets: [{ name: 'HomeBlocks', role: 'Provider', load: () => import('./widgets/HomeBlocks') }],
};

export default contract;
