/**
 * The answer of PUT /assessments/:id/ratings as the OpenAPI document describes it (queries/rating-change-view.ts
 * builds it): what the save changed, for the editor to merge into the questionnaire it shows.
 */
import { ApiProperty } from '@nestjs/swagger';
import type { QuestionnaireView, TriggeredItems, WireRating } from '../queries/questionnaire-view';
import type { DomainProgressView, RatingChangeView } from '../queries/rating-change-view';

const RATING_VALUES = [0, 1, 2, 3, 4, 'NA'];

export class RatedItemView {
  @ApiProperty() questionCode!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The caregiver of a caregiver item; null for a child item' })
  caregiverId!: string | null;
  @ApiProperty({ enum: RATING_VALUES, nullable: true, description: 'The rating now; null: cleared' })
  rating!: WireRating | null;
}

export class DomainProgressAnswer implements DomainProgressView {
  @ApiProperty() code!: string;
  @ApiProperty({ type: String, nullable: true }) caregiverId!: string | null;
  @ApiProperty({ enum: ['complete', 'incomplete', 'notStarted'] }) status!: DomainProgressView['status'];
  @ApiProperty({ enum: [0, 1, 2], description: '0 not started, 1 incomplete, 2 complete' }) statusCode!: DomainProgressView['statusCode'];
  @ApiProperty() percentComplete!: number;
  @ApiProperty({ example: '33% Completed' }) label!: string;
  @ApiProperty({ example: '#E6A23C' }) colour!: string;
  @ApiProperty() answered!: number;
  @ApiProperty() total!: number;
}

export class TriggeredItemsAnswer implements TriggeredItems {
  @ApiProperty({ type: [String], description: 'Module codes' }) modules!: string[];
  @ApiProperty({ type: [String], description: 'Question codes' }) questions!: string[];
}

export class RatingAnswer implements RatingChangeView {
  @ApiProperty({ description: 'Revision of the assessment after the save' }) revision!: number;
  @ApiProperty({ description: 'Global event position reached (also in X-Event-Position); 0 when nothing changed' }) position!: number;
  @ApiProperty({ type: RatedItemView }) item!: RatedItemView;
  @ApiProperty({ type: DomainProgressAnswer, nullable: true, description: "The rated item's domain progress; null when it is not shown" })
  domain!: DomainProgressAnswer | null;
  @ApiProperty({ description: 'Overall percent: answered over total shown questions' }) progress!: number;
  @ApiProperty() allDomainsComplete!: boolean;
  @ApiProperty({ type: TriggeredItemsAnswer, description: 'Everything a show-rule opened now' }) triggered!: TriggeredItemsAnswer;
  @ApiProperty({ type: TriggeredItemsAnswer, description: 'Opened by this save' }) newlyTriggered!: TriggeredItemsAnswer;
  @ApiProperty({ type: TriggeredItemsAnswer, description: 'Closed by this save' }) untriggered!: TriggeredItemsAnswer;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The whole questionnaire (as in GET /assessments/:id), only when this save changed which items are shown; else null',
  })
  questionnaire!: QuestionnaireView | null;

  /** The change as answered; an assessment without a library version answers the item alone. */
  static of(change: RatingChangeView | null, questionCode: string, caregiverId: string | null): RatingChangeView {
    const nothing = { modules: [], questions: [] };
    return (
      change ?? {
        item: { questionCode, caregiverId, rating: null },
        domain: null,
        progress: 0,
        allDomainsComplete: false,
        triggered: nothing,
        newlyTriggered: nothing,
        untriggered: nothing,
        questionnaire: null,
      }
    );
  }
}
