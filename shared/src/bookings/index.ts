// statusLabels, stepper, StatusBadge, JobSections and jobLists are pure and used by the booking screens
// only: their remotes import them by path (shared/src/bookings/...), so they are not in the shared chunk
// every page loads, /login included (issue 12).
export * from './timing';
export * from './useMyJobs';
export * from './useJob';
