import { Inject, Injectable } from '@nestjs/common';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { AssessmentReadRow, findAssessmentReads } from '@cans/projections/audit/record-reads.queries';
import {
  DescribedEvent,
  HISTORY_KINDS,
  HistoryKind,
  describeAssessmentEvents,
  groupIntoSessions,
  isHistoryKind,
} from '@cans/domain/assessments/history';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { AssessmentPrincipal } from '../access/assessment-access.service';
import { refuse } from './as-of-point';
import { AssessmentPointsService, foldAssessment } from './assessment-points.service';
import type { AssessmentHistory, HistoryEntry, HistoryFilter, HistorySession } from './assessment-history.types';
import { HistoryPerson, HistoryVocabularyService } from './history-vocabulary.service';

export const HISTORY_MESSAGES = { unknownKind: 'Unknown kind of change.' } as const;

/** The event type a read shows under (the audit stream's event, not one of the assessment's). */
export const READ_ENTRY_TYPE = 'AssessmentRecordsRead';
/** Entries of one user closer than this belong to one session of work. */
const SESSION_GAP_MINUTES = 30;

/** The filters of the query string: `kind` may be a comma list; an unknown kind is a 400 on `kind`. */
export function parseHistoryFilter(query: { userId?: string; kind?: string }): HistoryFilter {
  const userId = query.userId?.trim() || undefined;
  const names = (query.kind ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => !isHistoryKind(name))) refuse({ kind: [HISTORY_MESSAGES.unknownKind] });
  return { ...(userId ? { userId } : {}), ...(names.length > 0 ? { kinds: names as HistoryKind[] } : {}) };
}

/** Events and reads in time order (a read at the same instant as an event after it); reads carry the library then in use. */
function mergeByTime(events: readonly HistoryEntry[], reads: readonly HistoryEntry[]): HistoryEntry[] {
  const merged: HistoryEntry[] = [];
  let libraryVersion: string | null = null;
  let r = 0;
  for (const event of events) {
    while (r < reads.length && reads[r].at < event.at) merged.push({ ...reads[r++], libraryVersion });
    merged.push(event);
    libraryVersion = event.libraryVersion;
  }
  while (r < reads.length) merged.push({ ...reads[r++], libraryVersion });
  return merged;
}

/**
 * An assessment's history (issue 16): every event of its stream described with field-level changes, the recorded
 * reads of it as 'viewed' entries, grouped into sessions of work, filtered by user and kind. Visible to whoever may
 * view the assessment (the editor's 404 rules). The whole stream is read once and every name loaded up front, so
 * the work per event is pure.
 */
@Injectable()
export class AssessmentHistoryService {
  constructor(
    private readonly points: AssessmentPointsService,
    private readonly vocabularies: HistoryVocabularyService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async history(principal: AssessmentPrincipal, assessmentId: string, filter: HistoryFilter = {}): Promise<AssessmentHistory> {
    const [events, reads] = await Promise.all([this.points.readUpTo(assessmentId), findAssessmentReads(this.readStore, assessmentId)]);
    const state = foldAssessment(events);
    await this.points.assertVisible(principal, state);
    const { vocabulary, person } = await this.vocabularies.load(
      events,
      reads.map((read) => read.userId),
    );
    const entries = mergeByTime(
      describeAssessmentEvents(events, vocabulary).map((event) => this.entryOf(event, person(event.userId))),
      reads.map((read) => this.readEntryOf(read, person(read.userId))),
    );

    const users = new Map<string, string>();
    const kinds = new Set<HistoryKind>();
    for (const entry of entries) {
      if (entry.userId !== null) users.set(entry.userId, entry.userName);
      kinds.add(entry.kind);
    }
    const wanted = filter.kinds ? new Set(filter.kinds) : null;
    const shown = entries.filter((e) => (filter.userId === undefined || e.userId === filter.userId) && (!wanted || wanted.has(e.kind)));
    const sessions: HistorySession[] = groupIntoSessions(shown, SESSION_GAP_MINUTES).map((session) => {
      const { name, groupName } = person(session.userId);
      return {
        userId: session.userId,
        userName: name,
        groupName,
        startedAt: session.startedAt,
        endedAt: session.endedAt,
        entries: session.entries,
      };
    });
    return {
      assessmentId,
      childName: state.child ? `${state.child.firstName} ${state.child.lastName}`.trim() : null,
      libraryVersion: state.libraryVersion?.version ?? null,
      lastRevision: events[events.length - 1]?.revision ?? -1,
      sessions,
      users: [...users].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
      kinds: HISTORY_KINDS.filter((kind) => kinds.has(kind)),
    };
  }

  private entryOf(event: DescribedEvent, person: HistoryPerson): HistoryEntry {
    return {
      revision: event.revision,
      at: event.at,
      userId: event.userId,
      userName: person.name,
      groupName: person.groupName,
      kind: event.kind,
      type: event.type,
      sentence: event.sentence,
      changes: event.changes,
      libraryVersion: event.libraryVersion,
    };
  }

  private readEntryOf(read: AssessmentReadRow, person: HistoryPerson): HistoryEntry {
    return {
      revision: null,
      at: read.at,
      userId: read.userId,
      userName: person.name,
      groupName: person.groupName,
      kind: 'viewed',
      type: READ_ENTRY_TYPE,
      sentence: `Viewed by ${person.name} (${read.what})`,
      changes: [],
      libraryVersion: null,
    };
  }
}
