import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { RATINGS } from '@cans/domain/library/instrument/instrument.types';
import { FormRule } from '../library-stream/form-rule.decorator';
import { AnswerDescriptionsView } from '../library-items/library-item.dto';

const answersMessage = (form: { answers?: unknown }): string | undefined => {
  const answers = form.answers;
  if (answers === null || typeof answers !== 'object' || Array.isArray(answers)) return 'answers must be an object of answer key → rating.';
  return Object.values(answers).every((v) => typeof v === 'string' && (RATINGS as readonly string[]).includes(v))
    ? undefined
    : `Answers are ${RATINGS.join(', ')}.`;
};

export class EvaluateLibraryDto {
  @ApiPropertyOptional({ minimum: 1, description: 'Library version the assessment was started on (default: current)' })
  @IsOptional()
  @IsInt({ message: 'version must be a whole number.' })
  @Min(1, { message: 'version must be a whole number.' })
  version?: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: [...RATINGS] },
    example: { SUBSTANCE_USE: '2', 'CG_SUPERVISION#0': '1' },
    description: "answerKey → rating. A child item's key is its code; a caregiver item's key is CODE#<0-based caregiver index>.",
  })
  @FormRule(answersMessage)
  answers!: Record<string, string>;

  @ApiProperty({
    minimum: 0,
    maximum: 120,
    example: 12,
    description: "Child's age in years (fractions are floored); age restrictions apply",
  })
  @IsNumber({}, { message: 'childAgeYears must be a number.' })
  @Min(0, { message: 'childAgeYears must be at least 0.' })
  @Max(120, { message: 'childAgeYears must be at most 120.' })
  childAgeYears!: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 50, description: 'Caregivers of the child (default: derived from the caregiver answers)' })
  @IsOptional()
  @IsInt({ message: 'caregiverCount must be a whole number.' })
  @Min(0, { message: 'caregiverCount must be at least 0.' })
  @Max(50, { message: 'caregiverCount must be at most 50.' })
  caregiverCount?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Views: the instrument tree of a version (instrument.types.ts shapes plus ids) and the evaluation result
// ---------------------------------------------------------------------------------------------------------

export class VersionNodeView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['domain', 'module', 'question', 'text'] }) kind!: string;
  @ApiProperty({ description: 'Stable code: compare items across versions by it' }) code!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional() shortName?: string;
  @ApiProperty() description!: string;
  @ApiProperty() visible!: boolean;
  @ApiPropertyOptional() ageMin?: number;
  @ApiPropertyOptional() ageMax?: number;
  @ApiProperty() caregiverItem!: boolean;
  @ApiProperty() order!: number;
  @ApiPropertyOptional({ type: AnswerDescriptionsView, description: 'Questions' }) answers?: AnswerDescriptionsView;
  @ApiPropertyOptional({ description: 'Modules: hidden until a show-rule opens it (derived: a show-rule targets the module)' })
  triggeredOnly?: boolean;
  @ApiPropertyOptional({ enum: ['need', 'strength'], description: 'Domains: how ratings read' }) ratingMeaning?: string;
  @ApiPropertyOptional({ enum: RATINGS, isArray: true, description: 'Domains: ratings reports count as actionable' })
  actionableRatings?: string[];
  @ApiPropertyOptional({ type: () => [VersionNodeView], description: 'Domains and modules: questions and texts in order' })
  items?: VersionNodeView[];
  @ApiPropertyOptional({ type: () => [VersionNodeView], description: 'Domains and modules: modules in order' }) modules?: VersionNodeView[];
}

export class VersionInstrumentView {
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The library version, as text' }) version!: string;
  @ApiProperty({ type: [VersionNodeView] }) domains!: VersionNodeView[];
}

class RuleTriggerView {
  @ApiProperty() domainCode!: string;
  @ApiPropertyOptional() moduleCode?: string;
  @ApiProperty() questionCode!: string;
}

class RuleTargetView {
  @ApiPropertyOptional() moduleCode?: string;
  @ApiPropertyOptional() questionCode?: string;
}

class RuleTriggerIdsView {
  @ApiProperty() domainId!: string;
  @ApiProperty({ type: String, nullable: true }) moduleId!: string | null;
  @ApiProperty() questionId!: string;
}

class RuleTargetIdsView {
  @ApiProperty({ type: String, nullable: true }) moduleId!: string | null;
  @ApiProperty({ type: String, nullable: true }) questionId!: string | null;
}

export class VersionRuleView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: RuleTriggerView }) trigger!: RuleTriggerView;
  @ApiProperty({ enum: RATINGS, isArray: true }) answers!: string[];
  @ApiProperty({ enum: ['show', 'hide'] }) action!: string;
  @ApiProperty({ type: RuleTargetView }) target!: RuleTargetView;
  @ApiProperty({ type: RuleTriggerIdsView }) triggerIds!: RuleTriggerIdsView;
  @ApiProperty({ type: RuleTargetIdsView }) targetIds!: RuleTargetIdsView;
}

export class LibraryVersionView {
  @ApiProperty({ description: 'Library version: the number of changes made to the library so far' }) version!: number;
  @ApiProperty({ type: VersionInstrumentView }) instrument!: VersionInstrumentView;
  @ApiProperty({ type: [VersionRuleView] }) rules!: VersionRuleView[];
}

export class LibraryVersionSummaryView {
  @ApiProperty({ description: 'Same as version, as text (react-admin id)' }) id!: string;
  @ApiProperty() version!: number;
  @ApiProperty({ example: 'LibraryItemEdited', description: 'The event that made this version' }) change!: string;
  @ApiProperty({ example: 'Edited question SLEEP' }) summary!: string;
  @ApiProperty({ type: String, nullable: true }) itemId!: string | null;
  @ApiProperty({ type: String, nullable: true }) ruleId!: string | null;
  @ApiProperty({ type: String, nullable: true }) userId!: string | null;
  @ApiProperty() recordedAt!: string;
}

class ScopedRefView {
  @ApiProperty() code!: string;
  @ApiPropertyOptional({ description: 'Caregiver items: the 0-based caregiver index' }) caregiverIndex?: number;
}

class FiredRuleView {
  @ApiProperty() ruleId!: string;
  @ApiProperty() ruleCode!: string;
  @ApiProperty({ enum: ['show', 'hide'] }) action!: string;
  @ApiPropertyOptional() caregiverIndex?: number;
}

class TriggeredModuleView extends ScopedRefView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [String], description: 'Codes of the questions shown in the module' }) showQuestions!: string[];
}

class TriggeredQuestionView extends ScopedRefView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

class HiddenRefView extends ScopedRefView {
  @ApiProperty({ enum: ['library-hidden', 'age', 'hide-rule', 'not-triggered', 'ancestor-hidden'] }) reason!: string;
}

class VisibleQuestionView extends ScopedRefView {
  @ApiProperty({ description: 'Key of its answer in the answers object' }) answerKey!: string;
  @ApiProperty() domainCode!: string;
  @ApiProperty({ type: [String], description: 'Enclosing modules, outermost first' }) moduleCodes!: string[];
  @ApiProperty({ description: 'Shown because a show-rule fired (for it or an enclosing module)' }) triggered!: boolean;
}

export class LibraryEvaluationView {
  @ApiProperty() version!: number;
  @ApiProperty() stable!: boolean;
  @ApiProperty({ type: [FiredRuleView] }) firedRules!: FiredRuleView[];
  @ApiProperty({ type: [TriggeredModuleView] }) triggeredModules!: TriggeredModuleView[];
  @ApiProperty({ type: [TriggeredQuestionView] }) triggeredQuestions!: TriggeredQuestionView[];
  @ApiProperty({ type: [HiddenRefView], description: 'Rule targets not shown, with the reason' }) hiddenModules!: HiddenRefView[];
  @ApiProperty({ type: [HiddenRefView] }) hiddenQuestions!: HiddenRefView[];
  @ApiProperty({ type: [ScopedRefView], description: 'Modules with at least one question to rate' }) visibleModules!: ScopedRefView[];
  @ApiProperty({ type: [VisibleQuestionView], description: 'Every question to rate, in questionnaire order' })
  visibleQuestions!: VisibleQuestionView[];
}
