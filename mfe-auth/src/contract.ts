import type { RemoteContract } from 'shared';

/** What mfe_auth serves; the shell mounts the public routes outside its signed-in layout. */
const contract: RemoteContract = {
  name: 'mfe_auth',
  routes: [
    { path: '/login', title: 'Login', public: true, load: () => import('./screens/LoginPage') },
    { path: '/signup', title: 'Sign Up', public: true, load: () => import('./screens/SignupPage') },
    { path: '/forgotpassword', title: 'Forgot Password', public: true, load: () => import('./screens/ForgotPasswordPage') },
    { path: '/newpassword', title: 'New Password', public: true, load: () => import('./screens/NewPasswordPage') },
    { path: '/profile', title: 'My Profile', load: () => import('./screens/ProfilePage') },
    { path: '/editprofile', title: 'Edit Profile', load: () => import('./screens/EditProfilePage') },
    { path: '/payment', title: 'Payments', load: () => import('./screens/PaymentPage') },
    { path: '/newpaymentmethod', title: 'Edit Payment', load: () => import('./screens/NewPaymentMethodPage') },
  ],
  widgets: [],
};

export default contract;
