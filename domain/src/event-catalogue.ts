/**
 * Every event type the product records, by feature: the one list that whatever must cover every event (the System
 * Log's action catalogue, the event catalogue for analysts) is checked against. event-catalogue.spec.ts fails when
 * an `*.events.ts` file declares a type that is not here.
 */
import { AGENCY_EVENT_TYPES } from './administration/agency.events';
import { SETTING_EVENT_TYPES } from './administration/settings.events';
import { HELP_EVENT_TYPES } from './administration/help.events';
import { EMAIL_TEMPLATE_EVENT_TYPES } from './administration/email-template.events';
import { CHILD_LABEL_EVENT_TYPES } from './administration/child-labels.events';
import { OPTION_LIST_EVENT_TYPES } from './administration/option-lists.events';
import { ASSESSMENT_EVENT_TYPES } from './assessments/assessment.events';
import { REMINDER_MAIL_EVENT_TYPES } from './assessments/reminder-mail.events';
import { ACCESS_ASSIGNMENT_EVENT_TYPES } from './identity/access-assignment.events';
import { API_USER_EVENT_TYPES, ApiClientEvents } from './identity/api-user.events';
import { CREDENTIALS_EVENT_TYPES } from './identity/credentials.events';
import { USER_GROUP_EVENT_TYPES } from './identity/user-group.events';
import { USER_EVENT_TYPES } from './identity/user.events';
import { LIBRARY_EVENT_TYPES } from './library/library.events';
import { SAVED_REPORT_QUERY_EVENT_TYPES } from './reports/saved-report-query.events';
import { DATA_FEED_EVENT_TYPES } from './data-feed/data-feed.events';
import { RECORD_READ_EVENT_TYPES } from './audit/record-reads.events';
import { PUBLISHED_PROJECTION_EVENT_TYPES } from './analytics/published-projection.events';

export const EVENT_TYPES_BY_FEATURE: Readonly<Record<string, readonly string[]>> = {
  identity: [
    ...USER_EVENT_TYPES,
    ...USER_GROUP_EVENT_TYPES,
    ...CREDENTIALS_EVENT_TYPES,
    ...API_USER_EVENT_TYPES,
    ...Object.values(ApiClientEvents),
    ...ACCESS_ASSIGNMENT_EVENT_TYPES,
  ],
  administration: [
    ...AGENCY_EVENT_TYPES,
    ...SETTING_EVENT_TYPES,
    ...HELP_EVENT_TYPES,
    ...EMAIL_TEMPLATE_EVENT_TYPES,
    ...CHILD_LABEL_EVENT_TYPES,
    ...OPTION_LIST_EVENT_TYPES,
  ],
  library: LIBRARY_EVENT_TYPES,
  assessments: [...ASSESSMENT_EVENT_TYPES, ...REMINDER_MAIL_EVENT_TYPES],
  reports: SAVED_REPORT_QUERY_EVENT_TYPES,
  dataFeed: DATA_FEED_EVENT_TYPES,
  audit: RECORD_READ_EVENT_TYPES,
  analytics: PUBLISHED_PROJECTION_EVENT_TYPES,
};

export const ALL_EVENT_TYPES: readonly string[] = Object.values(EVENT_TYPES_BY_FEATURE).flat();
