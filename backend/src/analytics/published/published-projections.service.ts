import { Inject, Injectable } from '@nestjs/common';
import { DomainRuleViolation, NotFoundError } from '@cans/domain/domain-errors';
import { publishedProjectionDecider } from '@cans/domain/analytics/published-projection.decider';
import { PublishedFieldDeclaration, publishedProjectionStreamId } from '@cans/domain/analytics/published-projection.events';
import { analyticsProjectionNamed } from '@cans/projections/analytics';
import {
  getPublishedProjection,
  listPublishedProjections,
  PublishedProjectionDocument,
} from '@cans/projections/analytics/published/published-projections.projection';
import {
  getProjectionHosting,
  listProjectionHosting,
  ProjectionHostingDocument,
} from '@cans/projections/analytics/published/published-projection-hosting';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { Actor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler, REJECT_ON_CONFLICT } from '../../platform/commands/command-handler';
import { FieldValidationException } from '../../platform/http/validation';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { AnalyticsWorkbenchService } from '../workbench/analytics-workbench.service';
import type { PublishedProjectionDetailView, PublishedProjectionView, PublishProjectionDto } from './published-projections.dto';

/** Published projections the app hosts at once: each has a thread, a sandbox of up to 1 GiB and a build from event zero. */
export const MAX_PUBLISHED_PROJECTIONS = 8;
export const NAME_TAKEN = 'A built-in analytics projection has this name; choose another.';
export const TOO_MANY_PUBLISHED = `${MAX_PUBLISHED_PROJECTIONS} projections are already published, as many as the app hosts. Unpublish one first.`;
export const UNKNOWN_PUBLISHED = 'No projection of this name was ever published.';

/** The projection's state as the page shows it, from the published version and where the host is with it. */
export function publishedProjectionView(
  projection: PublishedProjectionDocument,
  hosting: ProjectionHostingDocument | null,
  userId: string,
): PublishedProjectionView {
  const { served, build } = hosting ?? { served: null, build: null };
  const building = build?.version === projection.version ? build : null;
  const servedHere = served?.version === projection.version ? served : null;
  const error = building?.state === 'failed' ? building.error : (servedHere?.error ?? null);
  const state = !projection.published ? 'unpublished' : error ? 'failed' : servedHere ? 'live' : building ? 'building' : 'waiting';
  return {
    name: projection.name,
    label: projection.label,
    description: projection.description,
    version: projection.version,
    publishedByMe: projection.publishedBy === userId,
    publishedAt: projection.publishedAt,
    state,
    servedVersion: served?.version ?? null,
    servedPosition: served?.position ?? null,
    build:
      building && building.state === 'building'
        ? {
            version: building.version,
            position: building.position,
            headPosition: building.headPosition,
            eventsPerSecond: building.eventsPerSecond,
            secondsLeft:
              building.eventsPerSecond > 0 ? Math.ceil((building.headPosition - building.position) / building.eventsPerSecond) : null,
          }
        : null,
    error,
  };
}

/**
 * Publishing analysts' projections (issue 30 item 5): the code is run as a preview first (a projection that fails on
 * the first events is refused with its line, and nothing is recorded), then its version is recorded as an event; the
 * host (published-projection-host.service.ts) builds and serves it.
 */
@Injectable()
export class PublishedProjectionsService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly workbench: AnalyticsWorkbenchService,
    private readonly handler: EventSourcedCommandHandler,
  ) {}

  async list(userId: string): Promise<PublishedProjectionView[]> {
    const [projections, hosting] = await Promise.all([listPublishedProjections(this.readStore), listProjectionHosting(this.readStore)]);
    return projections.map((projection) =>
      publishedProjectionView(projection, hosting.find((record) => record.id === projection.name) ?? null, userId),
    );
  }

  async get(name: string, userId: string): Promise<PublishedProjectionDetailView> {
    const projection = await getPublishedProjection(this.readStore, name);
    if (!projection) throw new NotFoundError(UNKNOWN_PUBLISHED);
    const hosting = await getProjectionHosting(this.readStore, name);
    return { ...publishedProjectionView(projection, hosting, userId), code: projection.code };
  }

  async publish(
    request: PublishProjectionDto,
    userId: string,
    actor: Actor,
  ): Promise<{ position: number; version: number; changed: boolean }> {
    if (analyticsProjectionNamed(request.name)) throw new FieldValidationException({ name: [NAME_TAKEN] });
    const others = (await listPublishedProjections(this.readStore)).filter(
      (projection) => projection.published && projection.name !== request.name,
    );
    if (others.length >= MAX_PUBLISHED_PROJECTIONS) throw new DomainRuleViolation(TOO_MANY_PUBLISHED, {}, true);
    // The code must run: a preview over the first events (400 with the line and the event otherwise).
    const preview = await this.workbench.preview(userId, request.code);
    const collections = preview.collections.map((collection) => ({
      name: collection.name,
      label: collection.label,
      fields: collection.fields.map((field) => ({ name: field.name, type: field.type as PublishedFieldDeclaration['type'] })),
    }));
    const outcome = await this.handler.handle(
      publishedProjectionStreamId(request.name),
      publishedProjectionDecider,
      {
        type: 'PublishProjection',
        name: request.name,
        label: request.label.trim(),
        description: request.description.trim(),
        code: request.code,
        collections,
        publishedBy: userId,
      },
      { actor, concurrency: REJECT_ON_CONFLICT },
    );
    return { position: outcome.position, version: outcome.state.version, changed: outcome.changed };
  }

  async unpublish(name: string, userId: string, actor: Actor): Promise<{ position: number }> {
    const loaded = await this.handler.load(publishedProjectionStreamId(name), publishedProjectionDecider);
    if (loaded.state.version === 0) throw new NotFoundError(UNKNOWN_PUBLISHED);
    const outcome = await this.handler.handle(
      publishedProjectionStreamId(name),
      publishedProjectionDecider,
      { type: 'UnpublishProjection', name, unpublishedBy: userId },
      { actor, concurrency: REJECT_ON_CONFLICT },
    );
    return { position: outcome.position };
  }
}
