import { agenciesProjection } from './administration/agencies.projection';
import { settingsProjection } from './administration/settings.projection';
import { emailTemplatesProjection } from './administration/email-templates.projection';
import { helpProjection } from './administration/help.projection';
import { childLabelsProjection } from './administration/child-labels.projection';
import { optionListsProjection } from './administration/option-lists.projection';
import { assessmentListProjection } from './assessments/assessment-list.projection';
import { assessmentStatisticsProjection } from './assessments/assessment-statistics.projection';
import { activityLogProjection } from './audit/activity-log.projection';
import type { Projection } from './engine/projection';
import { systemLogProjection } from './audit/system-log.projection';
import { identityTimelineProjection } from './audit/identity-timeline.projection';
import { accessAssignmentsProjection } from './identity/access-assignments.projection';
import { apiUsersProjection } from './identity/api-users.projection';
import { sessionsProjection } from './identity/sessions.projection';
import { userGroupsProjection } from './identity/user-groups.projection';
import { usersProjection } from './identity/users.projection';
import { libraryProjection } from './library/library.projection';
import { reportRowsProjection } from './reports/report-rows.projection';
import { savedReportQueriesProjection } from './reports/saved-report-queries.projection';
import { dataFeedProjection } from './data-feed/data-feed.projection';
import { ANALYTICS_PROJECTIONS } from './analytics';
import { recordReadsProjection } from './audit/record-reads.projection';
import { publishedProjectionsProjection } from './analytics/published/published-projections.projection';

/** Every projection the app runs. Add new ones here (see docs/writing-a-projection.md). */
export const allProjections: Projection[] = [
  activityLogProjection,
  agenciesProjection,
  // App Version and the system notification
  settingsProjection,
  // the saved email templates (the built-in ones are not stored)
  emailTemplatesProjection,
  // help per page
  helpProjection,
  // child info labels (renamed or hidden child fields and list columns)
  childLabelsProjection,
  // option value lists (Initialized, Foster Care Status) and which assessments use their items
  optionListsProjection,
  // identity: users, groups, API users, sessions, temporary access, the System Log
  usersProjection,
  userGroupsProjection,
  apiUsersProjection,
  sessionsProjection,
  accessAssignmentsProjection,
  systemLogProjection,
  // identity as it stood at any past moment (audit: who could see a record on date X)
  identityTimelineProjection,
  // question library: items, rules, versions
  libraryProjection,
  // assessments: list, child groups (PID lookup, old data), shares, counters
  assessmentListProjection,
  // approved-assessment facts and per-question answer counts (answer statistics, reports)
  assessmentStatisticsProjection,
  // reports: one narrow row per approved assessment included in reports (report wizards, Quick Glance)
  reportRowsProjection,
  // saved report queries: short stable ids of print and PDF URLs
  savedReportQueriesProjection,
  // data feeds: one document per approved assessment with everything the monthly zip (and later feeds) hand over
  dataFeedProjection,
  // reads of children's records (issue 16): who opened or exported which assessment, when, from where
  recordReadsProjection,
  // analysts' projections (projections/src/analytics/): built from event zero, kept live, served by /api/analytics
  ...ANALYTICS_PROJECTIONS,
  // the projections analysts published from the browser (their code; the app's host builds and serves them)
  publishedProjectionsProjection,
];
