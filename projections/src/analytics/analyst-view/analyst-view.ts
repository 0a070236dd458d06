/**
 * Builds the analyst's view of the event log (analyst-event-types.ts declares it) from the stored events, in log
 * order. A fold, because a view event says more than its stored event: an ItemRated names the child (recorded on
 * the assessment's ChildInformationSaved), the child's age then, the agency and county, and the caregiver's index.
 * What it remembers for that (ids, dates of birth, groups) stays here, in the host process: the analyst's code only
 * ever receives the events this returns.
 */
import { createHmac } from 'node:crypto';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { AnalystActor, AnalystEvent, AnalystEventType } from './analyst-event-types';

/** What the fold keeps of one assessment. */
interface AssessmentFacts {
  readonly pseudonym: string;
  child: string | null;
  dateOfBirth: string | null;
  agency: string | null;
  county: string | null;
  /** caregiverId → its index on this assessment (1, 2, … in the order added). */
  readonly caregivers: Map<string, number>;
}

type Data = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Whole months from a `yyyy-MM-dd` date of birth to an ISO time; null when either is missing or not a date. */
export function ageInMonths(dateOfBirth: string | null, at: string): number | null {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}/.test(dateOfBirth) || !/^\d{4}-\d{2}-\d{2}/.test(at)) return null;
  const [birthYear, birthMonth, birthDay] = dateOfBirth.slice(0, 10).split('-').map(Number);
  const [year, month, day] = at.slice(0, 10).split('-').map(Number);
  const months = (year - birthYear) * 12 + (month - birthMonth) - (day < birthDay ? 1 : 0);
  return months >= 0 ? months : null;
}

export class AnalystViewFold {
  private readonly assessments = new Map<string, AssessmentFacts>();
  /** userId → groupId, and groupId → the group's name. */
  private readonly userGroups = new Map<string, string>();
  private readonly groupNames = new Map<string, string>();
  /** Users as the view shows them, made once each (an HMAC per event would cost more than the rest of the fold). */
  private readonly actors = new Map<string, AnalystActor>();

  /** `pseudonymKey`: the HMAC key (32 random bytes, sealed in the settings). */
  constructor(private readonly pseudonymKey: Buffer) {}

  /** A stable pseudonym of `id` of this kind: the same for the same id in every event and every run. */
  pseudonym(kind: 'c' | 'a' | 'u', id: string): string {
    return `${kind}-${createHmac('sha256', this.pseudonymKey).update(`${kind}:${id}`).digest('base64url').slice(0, 16)}`;
  }

  /** A child is known by their PID: the same child on every assessment is the same pseudonym. */
  private childPseudonym(pid: string): string {
    return this.pseudonym('c', pid.trim().toUpperCase());
  }

  private actor(userId: string | null | undefined): AnalystActor | null {
    if (!userId) return null;
    let actor = this.actors.get(userId);
    if (!actor) {
      const group = this.userGroups.get(userId);
      actor = { user: this.pseudonym('u', userId), group: (group && this.groupNames.get(group)) ?? null };
      this.actors.set(userId, actor);
    }
    return actor;
  }

  /** The view of one stored event (upcast, in log order), or null when an analyst sees nothing of it. */
  view(event: RecordedEvent): AnalystEvent | null {
    const data = (event.data ?? {}) as Data;
    const common = { position: event.position, recordedAt: event.recordedAt, by: this.actor(event.metadata?.userId) };
    const make = (type: AnalystEventType, fields: Data = {}): AnalystEvent => ({ type, ...common, ...fields });
    switch (event.type) {
      case 'UserCreated':
      case 'UserUpdated':
        this.userGroups.set(String(data.userId), String(data.userGroupId));
        this.actors.delete(String(data.userId));
        return null;
      case 'UserGroupCreated':
      case 'UserGroupUpdated':
        this.groupNames.set(String(data.groupId), String(data.name));
        this.actors.clear();
        return null;
      case 'AgencyCreated':
      case 'AgencyUpdated':
        return make(event.type, { agency: data.agencyId, name: data.displayName });
      case 'AgencyDeleted':
        return make(event.type, { agency: data.agencyId });
    }
    if (typeof data.assessmentId !== 'string') return null;
    if (event.type === 'AssessmentStarted')
      this.assessments.set(data.assessmentId, {
        pseudonym: this.pseudonym('a', data.assessmentId),
        child: null,
        dateOfBirth: null,
        agency: text(data.agencyId),
        county: null,
        caregivers: new Map(),
      });
    const facts = this.assessments.get(data.assessmentId);
    if (!facts) return null;
    const fields = this.assessmentFields(event, data, facts);
    if (fields === null) return null;
    return make(event.type as AnalystEventType, {
      assessment: facts.pseudonym,
      child: facts.child,
      ageInMonths: ageInMonths(facts.dateOfBirth, event.recordedAt),
      agency: facts.agency,
      county: facts.county,
      ...fields,
    });
  }

  /** The event's own fields (after the assessment's), remembering what later events need; null: not in the view. */
  private assessmentFields(event: RecordedEvent, data: Data, facts: AssessmentFacts): Data | null {
    const caregiver = (caregiverId: unknown): number | null => {
      if (typeof caregiverId !== 'string') return null;
      if (!facts.caregivers.has(caregiverId)) facts.caregivers.set(caregiverId, facts.caregivers.size + 1);
      return facts.caregivers.get(caregiverId)!;
    };
    const relationship = (details: Data | undefined): string | null => {
      const value = details?.relationship as { group?: string; role?: string } | null | undefined;
      return value ? `${value.group}/${value.role}` : null;
    };
    switch (event.type) {
      case 'AssessmentStarted':
        return {
          owner: this.actor(text(data.ownerId)),
          assessmentType: data.assessmentType,
          previousAssessment: typeof data.previousAssessmentId === 'string' ? this.pseudonym('a', data.previousAssessmentId) : null,
        };
      case 'AssessmentLibraryVersionRecorded':
        return { instrumentCode: data.instrumentCode, version: data.version };
      case 'ChildInformationSaved': {
        const child = (data.child ?? {}) as Data;
        facts.child = typeof child.cin === 'string' ? this.childPseudonym(child.cin) : null;
        facts.dateOfBirth = text(child.dateOfBirth);
        facts.county = text(child.county);
        return {
          gender: child.gender,
          raceEthnicity: child.raceEthnicity,
          primaryLanguage: text(child.primaryLanguage),
          dateOfAssessment: child.dateOfAssessment,
          caseOpeningDate: child.caseOpeningDate,
          daysToNextAssessment: typeof child.daysToNextAssessment === 'number' ? child.daysToNextAssessment : null,
          lookedAfterChild: text(child.lookedAfterChild),
          lookedAfterStatus: text(child.lookedAfterStatus),
          involvement: text(child.involvement),
          assessmentScope: text(child.assessmentScope),
        };
      }
      case 'AssessmentTypeChanged':
        return { from: data.from, to: data.to };
      case 'CaregiverAdded': {
        const added = (data.caregiver ?? {}) as Data;
        return { caregiver: caregiver(added.caregiverId), relationship: relationship(added) };
      }
      case 'CaregiverEdited':
        return { caregiver: caregiver(data.caregiverId), relationship: relationship(data.details as Data | undefined) };
      case 'CaregiverRemoved':
        return { caregiver: caregiver(data.caregiverId) };
      case 'FamilyCaregiversBound':
        return { caregivers: ((data.caregivers ?? []) as Data[]).map((bound) => caregiver(bound.caregiverId)) };
      case 'ItemRated':
        return { item: data.questionCode, caregiver: caregiver(data.caregiverId), rating: data.rating };
      case 'ItemRatingCleared':
        return { item: data.questionCode, caregiver: caregiver(data.caregiverId) };
      case 'AssessmentDeleted':
        return { previousStatus: data.previousStatus };
      case 'AssessmentReassigned':
        facts.agency = text(data.agencyId);
        return { from: this.actor(text(data.fromUserId)), to: this.actor(text(data.toUserId)) };
      case 'AssessmentCompleted':
      case 'AssessmentReturned':
      case 'AssessmentApproved':
      case 'AssessmentClosed':
      case 'AssessmentIncludedInReports':
      case 'AssessmentExcludedFromReports':
        return {};
      default:
        // Comments, narratives, shares, reminders: free text or people, never in the view.
        return null;
    }
  }
}

/** The view of a run of stored events (from event zero, in log order): what an analyst's code receives. */
export function analystViewOf(pseudonymKey: Buffer, events: Iterable<RecordedEvent>): AnalystEvent[] {
  const fold = new AnalystViewFold(pseudonymKey);
  const viewed: AnalystEvent[] = [];
  for (const event of events) {
    const seen = fold.view(event);
    if (seen) viewed.push(seen);
  }
  return viewed;
}
