/** Texts of the booking modal that chat's Assign Job opens, apart from the modal so that its host loads without it. */
export const ASSIGN_PROVIDER_MISSING = 'This driver does not offer this service any more.';
export const LOADING_DRIVER = 'Loading the driver…';
