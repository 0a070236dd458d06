/**
 * The "Analyst's view" part of docs/events.md, from its one definition (projections/src/analytics/analyst-view/
 * analyst-event-types.ts): what an analyst's projection written in the browser receives, per event type.
 */
import {
  ANALYST_ASSESSMENT_FIELDS,
  ANALYST_COMMON_FIELDS,
  ANALYST_EVENT_TYPES,
  AnalystFieldDeclaration,
} from '@cans/projections/analytics/analyst-view/analyst-event-types';

const cell = (text: string) => text.replace(/\|/g, '\\|');

const table = (fields: Readonly<Record<string, AnalystFieldDeclaration>>) => [
  '| Field | Type | Meaning |',
  '|---|---|---|',
  ...Object.entries(fields).map(([name, field]) => `| \`${name}\` | \`${cell(field.type)}\` | ${cell(field.description)} |`),
];

export function renderAnalystView(): string {
  const lines = [
    "## The analyst's view",
    '',
    'What a projection written in the browser (Analytics → New projection, `Analytics_Author`) receives: the events',
    'above as an analyst may see them, built in one place',
    '([`analyst-view.ts`](../projections/src/analytics/analyst-view/analyst-view.ts), declared in',
    '[`analyst-event-types.ts`](../projections/src/analytics/analyst-view/analyst-event-types.ts)). A child, an',
    'assessment and a user are stable pseudonyms (`c-…`, `a-…`, `u-…`: a keyed HMAC of the PID or id; the key is sealed',
    'in the settings, `AnalystPseudonymKeyCreated`, and never shown); a user comes with the name of their group. Never',
    'in it: names, addresses, phone numbers, PIDs, Unique IDs, family ids, dates of birth (an age in months at each',
    'event instead), free text (comments, narratives, reasons, recommendations), identity, sign-in, settings, library',
    'and data-feed events. Kept: ratings, item codes, caregiver indexes, statuses, assessment types, dates of assessment,',
    "every event's time (so approval dates), agencies and counties.",
    '',
    'Every event has:',
    '',
    ...table(ANALYST_COMMON_FIELDS),
    '',
    'Every assessment event (all but the agency events) also has:',
    '',
    ...table(ANALYST_ASSESSMENT_FIELDS),
    '',
  ];
  for (const [type, declaration] of Object.entries(ANALYST_EVENT_TYPES)) {
    const own = Object.fromEntries(Object.entries(declaration.fields).filter(([name, field]) => ANALYST_ASSESSMENT_FIELDS[name] !== field));
    lines.push(`### Analyst's ${type}`, '', declaration.description, '');
    if (Object.keys(own).length) lines.push(...table(own), '');
  }
  return lines.join('\n');
}
