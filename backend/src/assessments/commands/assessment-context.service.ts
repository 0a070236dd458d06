import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ASSESSMENT_LIST_COLLECTION, AssessmentListDocument } from '@cans/projections/assessments/assessment-list.projection';
import { EVENT_STORE, READ_STORE } from '../../platform/storage/storage-tokens';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { isPrivilege } from '@cans/domain/identity/privileges';
import { AssessmentAccessService, AssessmentPrincipal } from '../access/assessment-access.service';
import {
  AssessmentCommand,
  AssessmentCommandType,
  AssessmentContext,
  AssessmentState,
  Caregiver,
  assessmentStreamId,
  evolveAssessment,
  initialAssessmentState,
} from '@cans/domain/assessments';
import { AssessmentLibrary, AssessmentLibraryService } from '../library/assessment-library.service';
import { ChildFormSettingsService } from '../../administration/child-form/child-form-settings.service';

/** What a decision about one assessment is made with, and the library version for the answer. */
export interface BuiltContext {
  readonly context: AssessmentContext;
  readonly library: AssessmentLibrary | null;
}

/** An assessment as loaded: its state and the revision of its last event ('no_stream' when it does not exist). */
export interface LoadedAssessment {
  readonly streamId: string;
  readonly state: AssessmentState;
  readonly revision: number | 'no_stream';
  /** Global position of the last event (0 when there is none). */
  readonly position: number;
}

/** Caregivers recorded for a FAMILY ID on other assessments, from the assessments the actor may see. */
export interface FamilyCaregiver extends Caregiver {
  readonly sourceAssessmentId: string;
}

const MAX_FAMILY_ASSESSMENTS = 20;
/** The commands whose decisions validate the child record against the configured labels and option lists. */
const CHILD_FORM_COMMANDS: ReadonlySet<AssessmentCommandType> = new Set([
  'StartAssessment',
  'SaveChildInformation',
  'ChangeAssessmentType',
]);
/** Assessment states kept in memory (most recently used); each answer save then reads only the new events. */
const CACHED_STATES = 1000;

/** A UUID-shaped id derived from text: binding a family's caregivers twice gives the same ids (no duplicates). */
export function derivedId(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Loads assessments and gathers what their decisions need: who acts (privileges, row access from the identity
 * policy), now, the library version the assessment records, whether it is old data, the sibling users. Commands
 * and queries (available actions, view-only flag) build their context here, so both judge alike.
 */
@Injectable()
export class AssessmentContextService {
  private readonly states = new Map<string, { state: AssessmentState; revision: number; position: number }>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly access: AssessmentAccessService,
    private readonly libraries: AssessmentLibraryService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly childForm: ChildFormSettingsService,
  ) {}

  /**
   * The assessment's state folded from its stream. Events are immutable and a stream only grows, so the state
   * of a revision is kept and later loads fold only the events after it (one indexed query that usually returns
   * one or no row): answering a question does not re-read the whole assessment.
   */
  async load(assessmentId: string): Promise<LoadedAssessment> {
    const streamId = assessmentStreamId(assessmentId);
    const cached = this.states.get(streamId);
    const events = await this.eventStore.readStream(streamId, cached ? { fromRevision: cached.revision + 1 } : undefined);
    let state = cached?.state ?? initialAssessmentState;
    for (const event of events) state = evolveAssessment(state, event);
    const last = events[events.length - 1];
    const revision = last ? last.revision : (cached?.revision ?? -1);
    const position = last ? last.position : (cached?.position ?? 0);
    if (revision >= 0) {
      const latest = this.states.get(streamId);
      this.states.delete(streamId);
      // A concurrent load may have cached a later revision meanwhile: keep the later one.
      this.states.set(streamId, latest && latest.revision > revision ? latest : { state, revision, position });
      if (this.states.size > CACHED_STATES) this.states.delete(this.states.keys().next().value as string);
    }
    return { streamId, state, revision: revision < 0 ? 'no_stream' : revision, position };
  }

  async build(
    principal: AssessmentPrincipal,
    state: AssessmentState,
    commands: readonly AssessmentCommandType[] = [],
    now: Date = new Date(),
  ): Promise<BuiltContext> {
    // The configured labels and option lists: the view (no commands) names the type with them, the child record's
    // commands validate with them; an answer save needs neither.
    const needsChildForm = commands.length === 0 || commands.some((command) => CHILD_FORM_COMMANDS.has(command));
    const [{ rowAccess }, library, childForm] = await Promise.all([
      this.access.forState(principal, state),
      state.libraryVersion ? this.libraries.at(state.libraryVersion) : Promise.resolve(null),
      needsChildForm ? this.childForm.current() : Promise.resolve(undefined),
    ]);
    const needsOldData = commands.length === 0 || commands.some((c) => c === 'ApproveAssessment' || c === 'ReturnAssessment');
    const oldData = state.exists && rowAccess.canView && needsOldData ? await this.access.isOldData(state.assessmentId) : false;
    let siblingUserIds: string[] | undefined;
    let aboveOwner: boolean | undefined;
    if (rowAccess.canView && commands.includes('ShareAssessment')) {
      siblingUserIds = (await this.access.siblingsOf(principal.id)).map((u) => u.id);
      aboveOwner = await this.access.isAboveOwner(principal, state.ownerId);
    } else if (rowAccess.canView && commands.includes('ReassignAssessment')) {
      // A case goes to a peer of its case worker (the worker's sibling users), whoever hands it over.
      siblingUserIds = (await this.access.siblingsOf(state.ownerId)).map((u) => u.id);
    }
    const context: AssessmentContext = {
      actorId: principal.id,
      privileges: principal.privileges.filter(isPrivilege),
      rowAccess,
      now,
      ...(library ? { library } : {}),
      oldData,
      // The configured labels and option lists: renamed fields in messages, hidden ones not required.
      ...(childForm ? { childForm } : {}),
      ...(siblingUserIds ? { siblingUserIds } : {}),
      ...(aboveOwner === undefined ? {} : { aboveOwner }),
    };
    return { context, library };
  }

  /** Fills in what a command needs from other records (the new owner's agency, the family's caregivers). */
  async enrich(principal: AssessmentPrincipal, assessmentId: string, command: AssessmentCommand): Promise<AssessmentCommand> {
    if (command.type === 'ReassignAssessment') {
      const user = typeof command.toUserId === 'string' ? await this.access.user(command.toUserId.trim()) : null;
      return { ...command, toUserAgencyId: user?.agencyId ?? null };
    }
    if (command.type === 'BindFamilyCaregivers' && command.caregivers.length === 0) {
      const family = await this.familyCaregivers(principal, assessmentId, command.familyId);
      return { ...command, caregivers: family };
    }
    return command;
  }

  /**
   * The caregivers of other assessments with this FAMILY ID (spec caregiver_bind_familyId), newest assessment
   * first, one per person (same name and PID), with ids derived from this assessment and the source caregiver.
   * Only assessments the actor may see contribute: binding must not copy records the actor cannot open.
   */
  async familyCaregivers(principal: AssessmentPrincipal, assessmentId: string, familyId: unknown): Promise<FamilyCaregiver[]> {
    if (typeof familyId !== 'string' || familyId.trim() === '') return [];
    const rows = await this.readStore.find<AssessmentListDocument>(
      ASSESSMENT_LIST_COLLECTION,
      { familyId: familyId.trim(), id: { $ne: assessmentId } },
      { sort: [{ field: 'createdAt', direction: 'desc' }], limit: MAX_FAMILY_ASSESSMENTS },
    );
    const seen = new Set<string>();
    const result: FamilyCaregiver[] = [];
    for (const row of rows) {
      const { rowAccess } = await this.access.forRecord(principal, row);
      if (!rowAccess.canView) continue;
      const { state } = await this.load(row.id);
      for (const caregiver of state.caregivers) {
        const person = [caregiver.firstName, caregiver.lastName, caregiver.cin ?? ''].map((s) => s.trim().toLowerCase()).join('|');
        if (seen.has(person)) continue;
        seen.add(person);
        result.push({
          ...caregiver,
          caregiverId: derivedId(`${assessmentId}:${row.id}:${caregiver.caregiverId}`),
          sourceAssessmentId: row.id,
        });
      }
    }
    return result;
  }
}
