/**
 * The browser tutorial's projection (docs/writing-a-projection.md, "Analyst's tutorial in the browser"): its code as
 * the doc shows it, so the specs that run it keep the doc true, and a plain recount of what it counts from the stored
 * events — children whose SUICIDE_RISK (the child's own rating) went from 3 to 0 between two consecutive approvals of
 * their assessments, per agency and quarter of the second approval — with none of the sandbox or the analyst's view.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';

export function tutorialProjectionCode(): string {
  const doc = readFileSync(join(__dirname, '../../../../docs/writing-a-projection.md'), 'utf8');
  const tutorial = doc.slice(doc.indexOf("## Analyst's tutorial in the browser"));
  return [...tutorial.matchAll(/```js\n([\s\S]*?)```/g)].map((block) => block[1]).join('\n');
}

type Data = Record<string, unknown>;

/** `agency|yyyy-Qn` → the children counted there, from the events recorded until `until` (ISO) if given. */
export function recountSuicideRiskResolved(events: Iterable<RecordedEvent>, until?: string): Map<string, number> {
  const agency = new Map<string, string | null>();
  const pid = new Map<string, string>();
  const rating = new Map<string, string | null>();
  const lastApproved = new Map<string, string | null>();
  const children = new Map<string, Set<string>>();
  for (const event of events) {
    if (until && event.recordedAt > until) continue;
    const data = (event.data ?? {}) as Data;
    const assessment = String(data.assessmentId);
    switch (event.type) {
      case 'AssessmentStarted':
      case 'AssessmentReassigned':
        agency.set(assessment, typeof data.agencyId === 'string' ? data.agencyId : null);
        break;
      case 'ChildInformationSaved': {
        const cin = (data.child as Data | undefined)?.cin;
        if (typeof cin === 'string') pid.set(assessment, cin.trim().toUpperCase());
        break;
      }
      case 'ItemRated':
      case 'ItemRatingCleared':
        if (data.questionCode === 'SUICIDE_RISK' && data.caregiverId == null)
          rating.set(assessment, event.type === 'ItemRated' ? String(data.rating) : null);
        break;
      case 'AssessmentApproved': {
        const child = pid.get(assessment);
        if (!child) break;
        const now = rating.get(assessment) ?? null;
        if (lastApproved.get(child) === '3' && now === '0') {
          const quarter = `${event.recordedAt.slice(0, 4)}-Q${Math.ceil(Number(event.recordedAt.slice(5, 7)) / 3)}`;
          const key = `${agency.get(assessment) ?? ''}|${quarter}`;
          if (!children.has(key)) children.set(key, new Set());
          children.get(key)!.add(child);
        }
        lastApproved.set(child, now);
        break;
      }
    }
  }
  return new Map([...children].map(([key, counted]) => [key, counted.size]));
}
