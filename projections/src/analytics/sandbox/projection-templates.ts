/**
 * The authoring page's templates: the two product analytics projections (item-transitions, time-to-approval) written
 * the way an analyst writes one in the browser (projection-sandbox.ts), over the analyst's view of the events. They
 * are starting points, simpler than the product's own: each says what it leaves out.
 */

export interface ProjectionTemplate {
  readonly name: string;
  readonly label: string;
  readonly code: string;
}

const ITEM_TRANSITIONS = `// Rating transitions per item between a child's consecutive approved assessments
// (child items; an assessment counts while approved and included in reports).
const collections = {
  transitions: {
    label: 'Transitions per item',
    fields: { item: 'item', from: 'string', to: 'string', pairs: 'count' },
  },
};

function initialState() {
  return { assessments: {} };
}

function apply(state, event) {
  const assessment = state.assessments[event.assessment];
  switch (event.type) {
    case 'AssessmentStarted':
      state.assessments[event.assessment] = { child: null, date: '', order: event.position, ratings: {}, approved: false, included: true };
      break;
    case 'ChildInformationSaved':
      if (assessment) {
        assessment.child = event.child;
        assessment.date = event.dateOfAssessment;
      }
      break;
    case 'ItemRated':
      if (assessment && event.caregiver === null) assessment.ratings[event.item] = event.rating;
      break;
    case 'ItemRatingCleared':
      if (assessment && event.caregiver === null) delete assessment.ratings[event.item];
      break;
    case 'AssessmentApproved':
      if (assessment) assessment.approved = true;
      break;
    case 'AssessmentIncludedInReports':
    case 'AssessmentExcludedFromReports':
      if (assessment) assessment.included = event.type === 'AssessmentIncludedInReports';
      break;
    case 'AssessmentClosed':
    case 'AssessmentDeleted':
      delete state.assessments[event.assessment];
      break;
  }
}

function rows(state) {
  const chains = {};
  for (const assessment of Object.values(state.assessments)) {
    if (assessment.approved && assessment.included && assessment.child) (chains[assessment.child] ??= []).push(assessment);
  }
  const pairs = {};
  for (const chain of Object.values(chains)) {
    chain.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
    for (let i = 1; i < chain.length; i++) {
      for (const [item, from] of Object.entries(chain[i - 1].ratings)) {
        const to = chain[i].ratings[item];
        if (to !== undefined) pairs[item + '|' + from + '|' + to] = (pairs[item + '|' + from + '|' + to] ?? 0) + 1;
      }
    }
  }
  return {
    transitions: Object.entries(pairs).map(([key, count]) => {
      const [item, from, to] = key.split('|');
      return { item, from, to, pairs: count };
    }),
  };
}
`;

const TIME_TO_APPROVAL = `// Assessments approved per agency and month, and the mean days from creation to approval
// (each assessment at its first approval; the agency it had then).
const collections = {
  by_month: {
    label: 'Time to approval by agency and month',
    fields: { agency: 'agency', month: 'string', approved: 'count', meanDays: 'number' },
  },
};

function initialState() {
  return { startedAt: {}, months: {} };
}

function apply(state, event) {
  switch (event.type) {
    case 'AssessmentStarted':
      state.startedAt[event.assessment] = event.recordedAt;
      break;
    case 'AssessmentApproved': {
      const startedAt = state.startedAt[event.assessment];
      if (startedAt === undefined) break;
      delete state.startedAt[event.assessment];
      const month = event.recordedAt.slice(0, 7);
      const key = (event.agency ?? '') + '|' + month;
      const group = (state.months[key] ??= { agency: event.agency, month, approved: 0, days: 0 });
      group.approved += 1;
      group.days += (Date.parse(event.recordedAt) - Date.parse(startedAt)) / 86400000;
      break;
    }
    case 'AssessmentClosed':
    case 'AssessmentDeleted':
      delete state.startedAt[event.assessment];
      break;
  }
}

function rows(state) {
  return {
    by_month: Object.values(state.months).map((group) => ({
      agency: group.agency,
      month: group.month,
      approved: group.approved,
      meanDays: Math.round((group.days / group.approved) * 100) / 100,
    })),
  };
}
`;

export const PROJECTION_TEMPLATES: readonly ProjectionTemplate[] = [
  { name: 'item-transitions', label: 'Item transitions (template)', code: ITEM_TRANSITIONS },
  { name: 'time-to-approval', label: 'Time to approval (template)', code: TIME_TO_APPROVAL },
];
