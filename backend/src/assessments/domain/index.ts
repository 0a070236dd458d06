/** The assessment domain core: what the HTTP layer, projections and reports import. Pure TypeScript, no Nest. */
export * from './assessment.values';
export * from './assessment.messages';
export * from './assessment.events';
export * from './assessment.aggregate';
export * from './assessment.workflow';
export * from './assessment.decisions';
export * from './assessment.concurrency';
export * from './child-information.validation';
export * from './child-lookup';
export * from './questionnaire';
export * from './progress';
export * from './recommendations';
export * from './reminders';
