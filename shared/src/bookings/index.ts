export * from './statusLabels';
export * from './jobLists';
export * from './stepper';
export * from './timing';
export * from './useMyJobs';
export * from './useJob';
export * from './StatusBadge';
export * from './JobSections';
