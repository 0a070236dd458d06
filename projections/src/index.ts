import { agenciesProjection } from './administration/agencies.projection';
import { activityLogProjection } from './audit/activity-log.projection';
import type { Projection } from './engine/projection';

/** Every projection the app runs. Add new ones here (see docs/writing-a-projection.md). */
export const allProjections: Projection[] = [activityLogProjection, agenciesProjection];
