import { REMINDER_KINDS, ReminderMailEvents, type ReminderRunCompletedData } from '@cans/domain/assessments/reminder-mail.events';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { AgencyEvents } from '@cans/domain/administration/agency.events';
import { SettingEvents } from '@cans/domain/administration/settings.events';
import { HelpEvents } from '@cans/domain/administration/help.events';
import { ChildLabelEvents } from '@cans/domain/administration/child-labels.events';
import { OPTION_LIST_EVENT_TYPES, OPTION_LIST_TITLES, OptionListKey } from '@cans/domain/administration/option-lists.events';
import { UserGroupEvents } from '@cans/domain/identity/user-group.events';
import { UserEvents } from '@cans/domain/identity/user.events';
import { displayUsername } from '@cans/domain/identity/identity-rules';
import { normaliseIp } from '@cans/domain/identity/ip-address';
import { ASSESSMENT_EVENT_TYPES, AssessmentEvents } from '@cans/domain/assessments/assessment.events';
import { LibraryItemEvents, QuestionRuleEvents } from '@cans/domain/library/library.events';
import { SavedReportQueryEvents } from '@cans/domain/reports/saved-report-query.events';
import {
  DataFeedEvents,
  type DataFeedAssessmentsExportedData,
  type DataFeedMonthDownloadedData,
  type XmlFeedUploadedData,
  type XmlFeedUploadFailedData,
} from '@cans/domain/data-feed/data-feed.events';
import { xmlFeedFailedSummary, xmlFeedUploadedSummary } from '../data-feed/xml-feed-log';
import { RecordReadEvents, type AssessmentRecordsReadData } from '@cans/domain/audit/record-reads.events';
import { recordReadsSummary } from './record-reads-log';
import { PublishedProjectionEvents } from '@cans/domain/analytics/published-projection.events';
import { defineProjection, ProjectionView } from '../engine/projection';
import { SYSTEM_LOG_ACTIONS } from './system-log-actions';

export const SYSTEM_LOG_COLLECTION = 'system_log';
/** Names of users, groups and agencies by id, so a row can say who acted and on what (also after a delete). */
export const SYSTEM_LOG_NAMES_COLLECTION = 'system_log_names';

export interface SystemLogRow {
  id: string;
  position: number;
  action: string;
  label: string;
  /** Label plus the record acted on, e.g. "User saved: jdoe". */
  description: string;
  eventType: string;
  ip: string | null;
  /** Who acted (shown without the 'eo_' prefix); for sign-in attempts the login that was typed. */
  username: string;
  userId: string | null;
  recordedAt: string;
  [field: string]: unknown;
}

type Data = Record<string, unknown>;
/** The log reads events of every feature by field name, whatever their type: their data as a plain record. */
const fieldsOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? { ...event.data } : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const ASSESSMENT_TYPES: ReadonlySet<string> = new Set(ASSESSMENT_EVENT_TYPES);

/** "2026-11-24: 3 sent (2 OverdueAssessment, 1 IncompleteAssessment), 1 failed — <why>". */
function reminderRunSummary({ runDay, sent, failed, failure }: ReminderRunCompletedData): string {
  const kinds = REMINDER_KINDS.map((kind) => [kind, sent[kind] ?? 0] as const).filter(([, count]) => count > 0);
  const total = kinds.reduce((sum, [, count]) => sum + count, 0);
  const detail = kinds.length ? ` (${kinds.map(([kind, count]) => `${count} ${kind}`).join(', ')})` : '';
  return `${runDay}: ${total} sent${detail}, ${failed} failed${failure ? ` — ${failure}` : ''}`;
}
/** "2026-03: 12 assessments" (the month and how many assessments the zip held; never a child's name). */
const monthDownloadSummary = ({ year, month, assessmentCount }: DataFeedMonthDownloadedData): string =>
  `${year}-${String(month).padStart(2, '0')}: ${assessmentCount} ${assessmentCount === 1 ? 'assessment' : 'assessments'}`;

/** "2021-03-01 to 2021-03-31: 2 assessments, downloaded" or "…, mailed to a@b.org" (never a child's name). */
const exportSummary = ({ from, to, assessmentCount, delivery, mailedTo }: DataFeedAssessmentsExportedData): string =>
  `${from} to ${to}: ${assessmentCount} ${assessmentCount === 1 ? 'assessment' : 'assessments'}, ${
    delivery === 'mail' ? `mailed to ${mailedTo ?? ''}` : 'downloaded'
  }`;

/** Library item names are short rich text: the log shows them as plain words. */
const plainName = (value: unknown): string =>
  String(value ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

async function nameOf(view: ProjectionView, kind: string, id: unknown): Promise<string | null> {
  if (typeof id !== 'string') return null;
  return (await view.get<{ id: string; name: string }>(SYSTEM_LOG_NAMES_COLLECTION, `${kind}:${id}`))?.name ?? null;
}

function rememberNames(event: RecordedEvent, view: ProjectionView): void {
  const data = fieldsOf(event);
  switch (event.type) {
    case UserEvents.Created:
    case UserEvents.Updated:
      view.upsert(SYSTEM_LOG_NAMES_COLLECTION, { id: `user:${String(data.userId)}`, name: displayUsername(String(data.username)) });
      break;
    case UserGroupEvents.Created:
    case UserGroupEvents.Updated:
      view.upsert(SYSTEM_LOG_NAMES_COLLECTION, { id: `group:${String(data.groupId)}`, name: String(data.name) });
      break;
    case AgencyEvents.Created:
    case AgencyEvents.Updated:
      view.upsert(SYSTEM_LOG_NAMES_COLLECTION, { id: `agency:${String(data.agencyId)}`, name: String(data.name) });
      break;
    case AssessmentEvents.ChildInformationSaved: {
      // The PID names the assessment (never the child's name: the log is read by administrators of every agency).
      const cin = text((data.child as Data | undefined)?.cin);
      if (cin) view.upsert(SYSTEM_LOG_NAMES_COLLECTION, { id: `assessment:${String(data.assessmentId)}`, name: `PID ${cin}` });
      break;
    }
    case LibraryItemEvents.Added:
    case LibraryItemEvents.Edited:
      view.upsert(SYSTEM_LOG_NAMES_COLLECTION, { id: `library-item:${String(data.itemId)}`, name: plainName(data.name) });
      break;
    case QuestionRuleEvents.Added:
    case QuestionRuleEvents.Edited:
      view.upsert(SYSTEM_LOG_NAMES_COLLECTION, { id: `rule:${String(data.ruleId)}`, name: String(data.name) });
      break;
  }
}

/** What the event acted on, for the description. */
async function targetOf(event: RecordedEvent, view: ProjectionView): Promise<string | null> {
  const data = fieldsOf(event);
  if (event.type.startsWith('UserGroup')) return nameOf(view, 'group', data.groupId);
  if (event.type.startsWith('Agency')) return nameOf(view, 'agency', data.agencyId);
  if (event.type.startsWith('ApiUser') || event.type.startsWith('ApiClient')) return text(data.username);
  if (event.type === 'SignInFailed') return text(data.reason);
  if (ASSESSMENT_TYPES.has(event.type)) {
    const assessmentId = String(data.assessmentId);
    return (await nameOf(view, 'assessment', assessmentId)) ?? `assessment ${assessmentId.slice(0, 8)}`;
  }
  if (event.type.startsWith('QuestionRule')) return nameOf(view, 'rule', data.ruleId);
  if (event.type.startsWith('LibraryItem')) return nameOf(view, 'library-item', data.itemId ?? data.domainId);
  if (event.type === SavedReportQueryEvents.Saved) return text(data.report);
  if (event.type === DataFeedEvents.MonthDownloaded) return monthDownloadSummary(data as unknown as DataFeedMonthDownloadedData);
  if (event.type === DataFeedEvents.AssessmentsExported) return exportSummary(data as unknown as DataFeedAssessmentsExportedData);
  if (event.type === DataFeedEvents.AnalystEventsExported) return `${text(data.from)} to ${text(data.to)}, ${text(data.format)}`;
  if (event.type === DataFeedEvents.XmlUploaded) return xmlFeedUploadedSummary(data as unknown as XmlFeedUploadedData);
  if (event.type === DataFeedEvents.XmlUploadFailed) return xmlFeedFailedSummary(data as unknown as XmlFeedUploadFailedData);
  if (event.type === SettingEvents.SftpServerSaved) return `${String(data.host)}:${String(data.port)}`;
  if (event.type === SettingEvents.XmlFeedDateUpdated) return text(data.assessmentDate);
  if (event.type === ReminderMailEvents.RunCompleted) return reminderRunSummary(data as unknown as ReminderRunCompletedData);
  if (event.type === RecordReadEvents.AssessmentRecordsRead) {
    const read = data as unknown as AssessmentRecordsReadData;
    const pid = read.assessmentIds.length === 1 ? await nameOf(view, 'assessment', read.assessmentIds[0]) : null;
    return recordReadsSummary(read, pid);
  }
  if (event.type === PublishedProjectionEvents.Published || event.type === PublishedProjectionEvents.Unpublished)
    return `${text(data.name)} version ${String(data.version)}`;
  if (event.type === SettingEvents.AppVersionSaved) return text(data.version);
  if (event.type === SettingEvents.EmailServerSaved) return `${String(data.smtp)}:${String(data.port)}`;
  if (event.type === HelpEvents.ContentSaved) return text(data.path);
  if ((OPTION_LIST_EVENT_TYPES as readonly string[]).includes(event.type))
    return `${String(data.name)} (${OPTION_LIST_TITLES[data.list as OptionListKey] ?? String(data.list)})`;
  if (event.type === ChildLabelEvents.Saved)
    return `${String(data.fieldName)} → ${String(data.displayName)}${data.status === 0 ? ' (hidden)' : ''}`;
  if (event.type.startsWith('User') || event.type.startsWith('TemporaryAccess')) {
    return nameOf(view, 'user', data.userId ?? data.delegateId);
  }
  return null;
}

/** Who acted: the signed-in user, or for sign-in events the account concerned (or the login typed). */
async function actorOf(event: RecordedEvent, view: ProjectionView): Promise<{ userId: string | null; username: string }> {
  const data = fieldsOf(event);
  const actorId = event.metadata.userId ?? null;
  if (actorId) return { userId: actorId, username: (await nameOf(view, 'user', actorId)) ?? actorId };
  if (event.type.startsWith('ApiClient')) return { userId: text(data.apiUserId), username: text(data.username) ?? '' };
  const subjectId = text(data.userId);
  if (subjectId && (event.streamId.startsWith('credentials-') || event.type === 'SignInFailed')) {
    return { userId: subjectId, username: (await nameOf(view, 'user', subjectId)) ?? text(data.login) ?? subjectId };
  }
  if (text(data.login)) return { userId: null, username: String(data.login) };
  return { userId: null, username: 'system' };
}

/**
 * The System Log (spec: action, IP, username, operation date): one row per event, straight from the event stream,
 * so nothing can act without appearing here (answer-sized edits: one row per assessment, user and day, counting
 * them). IP comes from the event's metadata.
 */
export const systemLogProjection = defineProjection({
  name: 'system-log',
  // 2: IPs in canonical form (events recorded before the server normalised the client IP say ::ffff:a.b.c.d).
  // 3: every event type has an action (the library, rules, assessments and report prints joined the log).
  // 4: the administration settings of issue 14 (labels, option lists, email templates, reminders) joined the log.
  // 5: the monthly data feed downloads and the approved-assessment exports (issue 15) joined the log; so did the XML
  //    feed uploads to SFTP, the SFTP server and the feed's assessment date.
  // 6: reads of children's records (AssessmentRecordsRead, issue 16) joined the log.
  // 7: the analysts' workbench (issue 30): its key, its exports of the analyst's view, and published projections.
  version: 7,
  collections: [
    { name: SYSTEM_LOG_COLLECTION, indexes: ['action', 'ip', 'username', 'recordedAt', 'position'] },
    { name: SYSTEM_LOG_NAMES_COLLECTION },
  ],
  eventTypes: Object.keys(SYSTEM_LOG_ACTIONS),
  async apply(event, view) {
    rememberNames(event, view);
    const audited = SYSTEM_LOG_ACTIONS[event.type];
    if (!audited || audited.inRunSummary) return;
    const actor = await actorOf(event, view);
    const target = await targetOf(event, view);
    const row: SystemLogRow = {
      id: String(event.position),
      position: event.position,
      action: audited.action,
      label: audited.label,
      // A read's summary starts with its own verb ("Viewed: …", "Exported: …").
      description:
        event.type === RecordReadEvents.AssessmentRecordsRead && target ? target : target ? `${audited.label}: ${target}` : audited.label,
      eventType: event.type,
      ip: normaliseIp(event.metadata.ip) ?? event.metadata.ip ?? null,
      username: actor.username,
      userId: actor.userId,
      // A read is appended with its batch, up to a flush later (longer after a failed append): show when it happened.
      recordedAt:
        event.type === RecordReadEvents.AssessmentRecordsRead ? (text(fieldsOf(event).readAt) ?? event.recordedAt) : event.recordedAt,
    };
    if (!audited.perAssessmentDay) return view.upsert(SYSTEM_LOG_COLLECTION, row);
    // One row per assessment, user and (UTC) day, counting the changes; it moves up to the latest change.
    const id = `${audited.action}:${String(fieldsOf(event).assessmentId)}:${actor.userId ?? actor.username}:${event.recordedAt.slice(0, 10)}`;
    const changes = ((await view.get<SystemLogRow>(SYSTEM_LOG_COLLECTION, id))?.changes as number | undefined) ?? 0;
    view.upsert(SYSTEM_LOG_COLLECTION, {
      ...row,
      id,
      changes: changes + 1,
      description: `${row.description} (${changes + 1} ${changes + 1 === 1 ? 'change' : 'changes'})`,
    });
  },
});
