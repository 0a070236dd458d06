import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { settingDecider } from '@cans/domain/administration/settings.decider';
import {
  ANALYST_PSEUDONYM_KEY_STREAM_ID,
  AnalystPseudonymKeyCreatedData,
  SettingEvents,
} from '@cans/domain/administration/settings.events';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { systemActor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { SECRET_BOX, SecretBox } from '../../platform/crypto/secret-box';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';

/**
 * The key of the analysts' pseudonyms (analyst-view.ts): 32 random bytes made once by the system, recorded only sealed
 * (AnalystPseudonymKeyCreated, with the settings' SETTINGS_SECRET_KEY) the first time an analyst's work with it
 * succeeds, and read back from its stream — never from a read model, never answered by a route. Made once for good: pseudonyms stay the same across restarts, instances,
 * backups and restores (which need SETTINGS_SECRET_KEY beside them, docs/operations.md).
 */
/** The key, and when it is not recorded yet, how to record it (once what used it has succeeded). */
export interface PseudonymKeyInUse {
  key: Buffer;
  record?: () => Promise<void>;
}

@Injectable()
export class AnalystPseudonymKey {
  private recordedKey: Promise<Buffer | null> | undefined;
  /** A key made but not recorded yet: the same one until it is recorded. */
  private candidate: Buffer | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    private readonly handler: EventSourcedCommandHandler,
  ) {}

  /**
   * The recorded key; before there is one, a candidate with `record`, which the caller calls once its work has
   * succeeded, so that a refused request (a preview whose code fails: 400) records nothing. Figures do not depend on
   * which key was used — an aggregate groups by pseudonym the same way under any key, and rows never carry one.
   */
  async inUse(): Promise<PseudonymKeyInUse> {
    const recorded = await this.recorded();
    if (recorded) return { key: recorded };
    const key = (this.candidate ??= randomBytes(32));
    return { key, record: () => this.record(key) };
  }

  private recorded(): Promise<Buffer | null> {
    this.recordedKey ??= this.readRecorded().then(
      (key) => {
        if (!key) this.recordedKey = undefined;
        return key;
      },
      (error: unknown) => {
        this.recordedKey = undefined;
        throw error;
      },
    );
    return this.recordedKey;
  }

  private async record(key: Buffer): Promise<void> {
    // Two instances may record one at once: the decider records none on a stream that has one, and the loser's
    // append fails on the stream's revision; either way the one recorded is read back from then on.
    const keySealed = this.secrets.seal(key.toString('base64'));
    await this.handler
      .handle(ANALYST_PSEUDONYM_KEY_STREAM_ID, settingDecider, { type: 'CreateAnalystPseudonymKey', keySealed }, { actor: systemActor() })
      .catch(() => undefined);
    this.candidate = undefined;
    this.recordedKey = undefined;
  }

  private async readRecorded(): Promise<Buffer | null> {
    const [event] = await this.events.readStream(ANALYST_PSEUDONYM_KEY_STREAM_ID);
    if (!event || event.type !== SettingEvents.AnalystPseudonymKeyCreated) return null;
    return Buffer.from(this.secrets.open((event.data as AnalystPseudonymKeyCreatedData).keySealed), 'base64');
  }
}
