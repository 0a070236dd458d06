import { Inject, Injectable } from '@nestjs/common';
import { listChildLabels } from '@cans/projections/administration/child-labels.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { LabelConfigEntry, OptionItem } from '@cans/domain/assessments';
import { getOptionList } from '@cans/projections/administration/option-lists.queries';

/**
 * What the deployment configured for the child form (spec 002 "Child Info Label Configuration", "Option value
 * lists"): the labels (renamed or hidden fields) and the two option lists. Every place that shows or checks these
 * fields reads them here — the form's options, the commands' validation, the lists, summary, print, PDFs and the
 * report filters — so a saved setting changes all of them at once.
 */
export interface ChildFormSettings {
  /** One entry per label field name of spec 002 §3 (status 0: hidden). */
  readonly labels: readonly LabelConfigEntry[];
  /** The "Initialized" list: assessment types (62, 63, 64 …). */
  readonly assessmentTypes: readonly OptionItem[];
  /** The "Foster Care Status" list: looked-after statuses. */
  readonly lookedAfterStatuses: readonly OptionItem[];
}

@Injectable()
export class ChildFormSettingsService {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async current(): Promise<ChildFormSettings> {
    const [labels, lists] = await Promise.all([this.labels(), this.optionLists()]);
    return { labels, ...lists };
  }

  /** The configured labels (the label configuration's read model). */
  async labels(): Promise<readonly LabelConfigEntry[]> {
    // All 17, defaults included: a reader never has to know which were saved.
    return (await listChildLabels(this.readStore)).map(({ fieldName, displayName, status }) => ({ fieldName, displayName, status }));
  }

  /** The configured option lists (the option lists' read model; an unedited list is its defaults). */
  async optionLists(): Promise<Pick<ChildFormSettings, 'assessmentTypes' | 'lookedAfterStatuses'>> {
    const [initialized, fosterCareStatus] = await Promise.all([
      getOptionList(this.readStore, 'initialized'),
      getOptionList(this.readStore, 'fosterCareStatus'),
    ]);
    return { assessmentTypes: initialized.items, lookedAfterStatuses: fosterCareStatus.items };
  }
}
