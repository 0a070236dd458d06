/**
 * The analysts' projections (analytics-projection.ts): built by the engine from event zero beside the product's own,
 * kept live, served read-only by GET /api/analytics and replayable as of a past date. Add yours here
 * (docs/writing-a-projection.md, "Analyst's tutorial").
 */
import type { AnalyticsProjection } from './analytics-projection';
import { itemTransitionsProjection } from './item-transitions.projection';
import { timeToApprovalProjection } from './time-to-approval.projection';

export const ANALYTICS_PROJECTIONS: readonly AnalyticsProjection[] = [
  // rating transitions per item between a child's consecutive approved assessments
  itemTransitionsProjection,
  // days from creation to completion to approval, per agency and month
  timeToApprovalProjection,
];

/** The analytics projection of this name, or undefined. */
export const analyticsProjectionNamed = (name: string): AnalyticsProjection | undefined =>
  ANALYTICS_PROJECTIONS.find((projection) => projection.name === name);
