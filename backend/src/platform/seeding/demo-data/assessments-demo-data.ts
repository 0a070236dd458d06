/**
 * Demo assessments: a dozen realistic cases of the demo case workers in every state the list shows (incomplete,
 * returned, pending approval, approved, closed, one overdue and one due for follow-up, a re-assessment, siblings
 * sharing a FAMILY ID), created through the real assessment command handlers — answers are rated question by
 * question on the seed library (ItemRated events), completions, returns and approvals are the supervisor's
 * commands — never by writing read models.
 *
 * Idempotent: each demo assessment has a fixed id; when its stream exists already (AssessmentStarted refuses a
 * second start) the whole case is skipped.
 */
import type { CommandBus } from '@nestjs/cqrs';
import { AssessmentPrincipal } from '../../../assessments/access/assessment-access.service';
import { AssessmentChangeResult, ChangeAssessmentCommand, StartAssessmentCommand } from '../../../assessments/commands/assessment.commands';
import { derivedId } from '../../../assessments/commands/assessment-context.service';
import {
  addMonths,
  AssessmentCommand,
  Caregiver,
  CaregiverDetails,
  ChildInformationInput,
  Narrative,
  RULE_MESSAGES,
  addDays,
  visibleQuestionsOf,
} from '@cans/domain/assessments';
import type { Privilege } from '@cans/domain/identity/privileges';
import { BUILT_IN_GROUPS, DIRECT_CARE_WORKER_GROUP_ID, SUPERVISOR_GROUP_ID } from '../../../identity/user-groups/built-in-groups';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import type { Actor } from '../../commands/actor';
import { DomainRuleViolation, NotFoundError } from '@cans/domain/domain-errors';
import { DEMO_USER_IDS } from './identity-demo-data';

const NORTHSIDE_AGENCY_ID = '5d1c2a8e-0c51-4d7e-9a51-3f6f1f0a0001';

export const demoAssessmentId = (key: string): string => derivedId(`cans-demo-assessment:${key}`);

const privilegesOf = (groupId: string): Privilege[] => [...(BUILT_IN_GROUPS.find((g) => g.id === groupId)?.privileges ?? [])];

function principal(username: 'worker1' | 'worker2' | 'supervisor'): AssessmentPrincipal {
  const groupId = username === 'supervisor' ? SUPERVISOR_GROUP_ID : DIRECT_CARE_WORKER_GROUP_ID;
  return {
    id: DEMO_USER_IDS[username],
    kind: 'user',
    isAdministrator: false,
    privileges: privilegesOf(groupId),
    groupId,
    agencyId: NORTHSIDE_AGENCY_ID,
  };
}

const actorOf = (p: AssessmentPrincipal, key: string): Actor => ({ userId: p.id, ip: null, correlationId: `demo-assessment-${key}` });

type Stage = 'started' | 'partly' | 'rated' | 'pendingApproval' | 'returned' | 'approved' | 'closed';

interface DemoCase {
  key: string;
  owner: 'worker1' | 'worker2';
  child: ChildInformationInput;
  caregivers?: CaregiverDetails[];
  stage: Stage;
  /** Rating pattern offset: varies which items are actionable. */
  pattern: number;
  reason?: string;
  previousKey?: string;
  shareWithOtherWorker?: boolean;
  bindFamily?: string;
  /** Approved only after a return: the supervisor returns it, the worker re-rates one item and completes again. */
  returnedBeforeApproval?: string;
}

const today = (): string => new Date().toISOString().slice(0, 10);

function child(
  cin: string,
  firstName: string,
  lastName: string,
  gender: string,
  dateOfBirth: string,
  dateOfAssessment: string,
  extra: Partial<ChildInformationInput> = {},
): ChildInformationInput {
  const age =
    Number(dateOfAssessment.slice(0, 4)) - Number(dateOfBirth.slice(0, 4)) - (dateOfAssessment.slice(5) < dateOfBirth.slice(5) ? 1 : 0);
  return {
    cin,
    familyId: null,
    firstName,
    lastName,
    gender,
    raceEthnicity: 'White British',
    primaryLanguage: 'English',
    medicaidNumber: String(100000000 + Number(cin.replace(/\D/g, '')) * 7919).slice(0, 9),
    age,
    dateOfBirth,
    address: `${10 + (Number(cin.replace(/\D/g, '')) % 80)} Station Road`,
    city: 'Leeds',
    zip: 'LS1 4AP',
    county: 'West Yorkshire',
    dateOfAssessment,
    caseOpeningDate: addDays(dateOfAssessment, -60),
    assessmentType: '62',
    assessorPhoneNumber: '555-010-0104',
    daysToNextAssessment: null,
    lookedAfterChild: 'Y',
    lookedAfterStatus: 'Section 20',
    involvement: 'Looking to transition home',
    assessmentScope: 'Child and parent assessment',
    recommendationsNote: null,
    ...extra,
  };
}

const parent = (firstName: string, lastName: string, role: 'Mother' | 'Father', phone: string): CaregiverDetails => ({
  firstName,
  lastName,
  relationship: { group: 'Parent/Guardian', role },
  gender: role === 'Mother' ? 'F' : 'M',
  phone,
  address: '22 Mill Lane',
  city: 'Leeds',
  zip: 'LS2 7QT',
  county: 'West Yorkshire',
  cin: null,
});

const carer = (firstName: string, lastName: string, phone: string): CaregiverDetails => ({
  ...parent(firstName, lastName, 'Mother', phone),
  relationship: { group: 'Substitute Caregiver', role: 'Foster Carer' },
});

const NARRATIVE: Narrative = {
  impressions: 'Engaged well in the session; settled in placement but anxious before family contact.',
  needs: 'Emotional regulation around contact; school attendance has dipped this term.',
  targets: 'Fewer incidents before contact; attendance above 90 percent.',
  outcomes: 'Calmer transitions and steady attendance within three months.',
  plan: 'Weekly sessions with the school counsellor; contact plan reviewed with the family.',
  recommendations: 'Refer for therapeutic support; review at the next looked-after child meeting.',
};

/** The demo cases; dates are relative to today so the overdue and follow-up tabs always have a row. */
function demoCases(): DemoCase[] {
  const now = today();
  const dueForFollowUp = addMonths(addDays(now, -10), -6);
  return [
    {
      key: 'ava-2025',
      owner: 'worker1',
      stage: 'approved',
      pattern: 0,
      child: child('PID-1001', 'Ava', 'Thompson', 'F', '2011-04-12', '2025-01-15'),
      caregivers: [parent('Claire', 'Thompson', 'Mother', '5550101001')],
    },
    {
      key: 'noah-followup',
      owner: 'worker1',
      stage: 'approved',
      pattern: 1,
      child: child('PID-1002', 'Noah', 'Williams', 'M', '2009-09-03', dueForFollowUp),
      caregivers: [carer('Helen', 'Price', '5550101002')],
    },
    {
      key: 'mia-recent',
      owner: 'worker2',
      stage: 'approved',
      pattern: 2,
      shareWithOtherWorker: true,
      returnedBeforeApproval: 'The school report of last week lowers the first need: please re-rate it before I approve.',
      child: child('PID-1003', 'Mia', 'Johnson', 'F', '2013-02-27', addDays(now, -20)),
      caregivers: [parent('Dana', 'Johnson', 'Mother', '5550101003')],
    },
    {
      key: 'liam-pending',
      owner: 'worker1',
      stage: 'pendingApproval',
      pattern: 3,
      child: child('PID-1004', 'Liam', 'Brown', 'M', '2010-06-18', addDays(now, -6)),
      caregivers: [parent('Mark', 'Brown', 'Father', '5550101004')],
    },
    {
      key: 'emma-returned',
      owner: 'worker2',
      stage: 'returned',
      pattern: 4,
      reason: 'Please review the trauma ratings against the referral notes and expand the plan.',
      child: child('PID-1005', 'Emma', 'Davis', 'F', '2008-11-30', addDays(now, -12)),
      caregivers: [carer('Ruth', 'Hughes', '5550101005')],
    },
    {
      key: 'oliver-incomplete',
      owner: 'worker1',
      stage: 'partly',
      pattern: 5,
      child: child('PID-1006', 'Oliver', 'Wilson', 'M', '2012-01-09', addDays(now, -3), { familyId: 'FAM-2001' }),
      caregivers: [parent('Sarah', 'Wilson', 'Mother', '5550101006'), parent('James', 'Wilson', 'Father', '5550101007')],
    },
    {
      key: 'sophia-new',
      owner: 'worker2',
      stage: 'started',
      pattern: 0,
      child: child('PID-1007', 'Sophia', 'Taylor', 'F', '2015-07-22', addDays(now, -1), { lookedAfterChild: 'N', lookedAfterStatus: null }),
    },
    {
      key: 'lucas-closed',
      owner: 'worker1',
      stage: 'closed',
      pattern: 1,
      reason: 'The family moved out of the county; the case was transferred.',
      child: child('PID-1008', 'Lucas', 'Anderson', 'M', '2007-03-14', addDays(now, -40)),
    },
    {
      key: 'isla-2024',
      owner: 'worker2',
      stage: 'approved',
      pattern: 2,
      child: child('PID-1009', 'Isla', 'Martin', 'F', '2010-10-05', '2024-06-03'),
      caregivers: [carer('Paula', 'Evans', '5550101009')],
    },
    {
      key: 'isla-reassessment',
      owner: 'worker2',
      stage: 'pendingApproval',
      pattern: 6,
      previousKey: 'isla-2024',
      child: child('PID-1009', 'Isla', 'Martin', 'F', '2010-10-05', addDays(now, -8), { assessmentType: '63' }),
      caregivers: [carer('Paula', 'Evans', '5550101009')],
    },
    {
      key: 'grace-sibling',
      owner: 'worker1',
      stage: 'rated',
      pattern: 7,
      bindFamily: 'FAM-2001',
      child: child('PID-1011', 'Grace', 'Wilson', 'F', '2014-05-16', addDays(now, -2)),
    },
    {
      key: 'ethan-incomplete',
      owner: 'worker2',
      stage: 'partly',
      pattern: 3,
      child: child('PID-1012', 'Ethan', 'Clark', 'M', '2011-12-01', addDays(now, -35)),
      caregivers: [parent('Lisa', 'Clark', 'Mother', '5550101012')],
    },
  ];
}

/** Mostly strengths and low needs, with some actionable ratings (2, 3) so modules open and recommendations appear. */
const PATTERN: Rating[] = ['0', '1', '0', '2', '1', '0', '3', '1', '0', '2', 'NA', '1'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function seedAssessmentsDemoData(commands: CommandBus, report: { created: number; skipped: number }): Promise<void> {
  const supervisor = principal('supervisor');
  for (const demo of demoCases()) {
    const owner = principal(demo.owner);
    const id = demoAssessmentId(demo.key);
    const actor = actorOf(owner, demo.key);
    try {
      await commands.execute(
        new StartAssessmentCommand(owner, actor, demo.child, {
          assessmentId: id,
          previousAssessmentId: demo.previousKey ? demoAssessmentId(demo.previousKey) : null,
        }),
      );
    } catch (error) {
      if ((error as Error).message === RULE_MESSAGES.alreadyExists) {
        report.skipped += 1;
        continue;
      }
      throw error;
    }
    report.created += 1;
    // Commands of the supervisor need the identity read models (the supervisor tree), and binding a family reads
    // the sibling's row in the assessment list; right after the writes they read, those read models may still be
    // catching up (the seed runs at full speed, with no reads of its own), so a "not visible yet" is retried briefly.
    const change = async (who: AssessmentPrincipal, list: AssessmentCommand[]): Promise<AssessmentChangeResult> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await commands.execute(new ChangeAssessmentCommand(who, actorOf(who, demo.key), id, list));
        } catch (error) {
          const notVisibleYet =
            error instanceof NotFoundError ||
            (error instanceof DomainRuleViolation && error.message === RULE_MESSAGES.familyHasNoCaregivers);
          if (!notVisibleYet || attempt >= 100) throw error;
          await sleep(100);
        }
      }
    };
    let result: AssessmentChangeResult | null = null;
    for (const [i, details] of (demo.caregivers ?? []).entries()) {
      result = await change(owner, [{ type: 'AddCaregiver', caregiverId: derivedId(`${id}:caregiver:${i}`), details: { ...details } }]);
    }
    if (demo.bindFamily) {
      result = await change(owner, [{ type: 'BindFamilyCaregivers', familyId: demo.bindFamily, caregivers: [] }]);
      // The sibling's caregivers come without a relationship to this child: the worker sets it.
      const unbound = result.state.caregivers.filter((c: Caregiver) => c.relationship === null);
      for (const c of unbound) {
        const { caregiverId, ...details } = c;
        result = await change(owner, [
          {
            type: 'EditCaregiver',
            caregiverId,
            details: { ...details, relationship: { group: 'Parent/Guardian', role: c.gender === 'F' ? 'Mother' : 'Father' } },
          },
        ]);
      }
    }
    if (demo.shareWithOtherWorker) {
      await change(owner, [{ type: 'ShareAssessment', userIds: [DEMO_USER_IDS[demo.owner === 'worker1' ? 'worker2' : 'worker1']] }]);
    }
    if (demo.stage === 'started') continue;
    if (demo.stage === 'closed') {
      await change(owner, [{ type: 'CloseAssessment', reason: demo.reason ?? 'Closed.' }]);
      continue;
    }

    // Answer the questionnaire round by round (ratings open modules), one ItemRated event per answer.
    result ??= await change(owner, [{ type: 'SaveNarrative', narrative: { ...NARRATIVE, plan: '' } }]);
    let n = demo.pattern;
    for (let round = 0; round < 10 && result.library; round++) {
      const open = visibleQuestionsOf(result.state, result.library).filter((q) =>
        q.caregiverId === null
          ? result!.state.childRatings[q.code] === undefined
          : result!.state.caregiverRatings[q.caregiverId]?.[q.code] === undefined,
      );
      const take = demo.stage === 'partly' ? open.slice(0, Math.ceil(open.length / 2)) : open;
      if (take.length === 0) break;
      result = await change(
        owner,
        take.map((q): AssessmentCommand => ({
          type: 'RateItem',
          questionCode: q.code,
          caregiverId: q.caregiverId,
          rating: PATTERN[n++ % PATTERN.length],
        })),
      );
      if (demo.stage === 'partly') break;
    }
    if (demo.stage === 'partly') continue;
    await change(owner, [{ type: 'SaveNarrative', narrative: NARRATIVE }]);
    if (demo.stage === 'rated') continue;
    await change(owner, [{ type: 'CompleteAssessment' }]);
    if (demo.stage === 'pendingApproval') continue;
    if (demo.stage === 'returned') {
      await change(supervisor, [{ type: 'ReturnAssessment', reason: demo.reason ?? 'Please review.' }]);
      continue;
    }
    if (demo.returnedBeforeApproval) {
      // A history worth auditing: returned with a reason, one rating changed by the worker, then approved.
      result = await change(supervisor, [{ type: 'ReturnAssessment', reason: demo.returnedBeforeApproval }]);
      const [code, rating] = Object.entries(result.state.childRatings).find(([, r]) => r === '0' || r === '1') ?? [];
      if (code) await change(owner, [{ type: 'RateItem', questionCode: code, caregiverId: null, rating: rating === '0' ? '1' : '0' }]);
      await change(owner, [{ type: 'CompleteAssessment' }]);
    }
    await change(supervisor, [{ type: 'ApproveAssessment' }]);
  }
}
