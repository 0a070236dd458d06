import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID } from 'class-validator';
import { RATINGS, Rating, RuleAction, isRating } from '@cans/domain/library/instrument/instrument.types';
import { RULE_MESSAGES } from '@cans/domain/library/instrument/instrument-validation';
import { QUESTION_RULE_MESSAGES, ruleFormErrors } from '@cans/domain/library/question-rule.decider';
import { EditedRecordDto, ReadOnlyField, Trimmed } from '../../platform/http/dto-building-blocks';
import { FormRule } from '../library-stream/form-rule.decorator';

type RuleShape = Partial<
  Record<
    'name' | 'description' | 'triggerDomainId' | 'triggerModuleId' | 'triggerQuestionId' | 'answers' | 'action' | 'moduleId' | 'questionId',
    unknown
  >
>;

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The rule form's message for one field (spec messages verbatim; a wrong type counts as missing). */
function ruleFormMessage(field: 'name' | 'description' | 'triggerDomainId' | 'triggerQuestionId' | 'answers' | 'moduleId' | 'questionId') {
  return (form: RuleShape): string | undefined => {
    const answers = form.answers;
    if (field === 'answers' && Array.isArray(answers) && !answers.every((a) => isRating(a)))
      return QUESTION_RULE_MESSAGES.answersNotRatings;
    const errors = ruleFormErrors({
      name: asText(form.name),
      description: asText(form.description),
      triggerDomainId: asText(form.triggerDomainId),
      triggerModuleId: asText(form.triggerModuleId),
      triggerQuestionId: asText(form.triggerQuestionId),
      answers: Array.isArray(answers) ? answers.filter((a): a is string => typeof a === 'string') : undefined,
      moduleId: asText(form.moduleId),
      questionId: asText(form.questionId),
    });
    return errors[field]?.[0];
  };
}

/** The question rule form (spec 002 "Question rule form"): trigger domain → module → question → answers; show/hide a module or question. */
export class SaveQuestionRuleDto {
  @ApiPropertyOptional({
    type: String,
    example: 'SHOW_SUBSTANCE_USE_MODULE',
    description: 'Stable UPPER_SNAKE code; derived from the name when absent; cannot change on edit',
  })
  @IsOptional()
  @IsString({ message: QUESTION_RULE_MESSAGES.codeFormat })
  code?: string | null;

  @ApiProperty({ example: 'Open the Substance Use Module', description: `Required (${RULE_MESSAGES.nameRequired})` })
  @Trimmed()
  @FormRule(ruleFormMessage('name'))
  name!: string;

  @ApiProperty({ description: `Required (${RULE_MESSAGES.descriptionRequired})` })
  @Trimmed()
  @FormRule(ruleFormMessage('description'))
  description!: string;

  @ApiProperty({ format: 'uuid', description: `Trigger domain, required (${RULE_MESSAGES.domainRequired})` })
  @FormRule(ruleFormMessage('triggerDomainId'))
  triggerDomainId!: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Trigger module (inside the domain). When set, the show module must be this module (the form copies and locks it).',
  })
  @IsOptional()
  @IsUUID('4', { message: 'The module is not in the chosen domain.' })
  triggerModuleId?: string | null;

  @ApiProperty({
    format: 'uuid',
    description: 'Trigger question: directly in the trigger module, or directly in the domain when no module is chosen',
  })
  @FormRule(ruleFormMessage('triggerQuestionId'))
  triggerQuestionId!: string;

  @ApiProperty({
    enum: RATINGS,
    isArray: true,
    example: ['2', '3'],
    description: `Answers that fire the rule, required (${RULE_MESSAGES.answersRequired})`,
  })
  @FormRule(ruleFormMessage('answers'))
  answers!: Rating[];

  @ApiPropertyOptional({ enum: ['show', 'hide'], default: 'show' })
  @IsOptional()
  @IsIn(['show', 'hide'], { message: 'The action is show or hide.' })
  action?: RuleAction | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: `Show/hide this module … (${RULE_MESSAGES.targetRequired})`,
  })
  @FormRule(ruleFormMessage('moduleId'))
  moduleId?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: '… or this question (in that module when both are set)',
  })
  @FormRule(ruleFormMessage('questionId'))
  questionId?: string | null;
}

/** An edit: the form's fields, the rule revision edited (a stale one answers 409) and the record's read-only fields. */
export class UpdateQuestionRuleDto extends IntersectionType(SaveQuestionRuleDto, EditedRecordDto) {
  @ReadOnlyField() @IsString() triggerDomainCode?: string | null;
  @ReadOnlyField() @IsString() triggerModuleCode?: string | null;
  @ReadOnlyField() @IsString() triggerQuestionCode?: string | null;
  @ReadOnlyField() @IsString() targetModuleCode?: string | null;
  @ReadOnlyField() @IsString() targetQuestionCode?: string | null;
}

export class QuestionRuleView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'SHOW_SUBSTANCE_USE_MODULE' }) code!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty() triggerDomainId!: string;
  @ApiProperty({ type: String, nullable: true }) triggerModuleId!: string | null;
  @ApiProperty() triggerQuestionId!: string;
  @ApiProperty({ enum: RATINGS, isArray: true }) answers!: Rating[];
  @ApiProperty({ enum: ['show', 'hide'] }) action!: RuleAction;
  @ApiProperty({ type: String, nullable: true, description: 'Target module' }) moduleId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Target question' }) questionId!: string | null;
  @ApiProperty({ type: String, nullable: true }) triggerDomainCode!: string | null;
  @ApiProperty({ type: String, nullable: true }) triggerModuleCode!: string | null;
  @ApiProperty({ type: String, nullable: true }) triggerQuestionCode!: string | null;
  @ApiProperty({ type: String, nullable: true }) targetModuleCode!: string | null;
  @ApiProperty({ type: String, nullable: true }) targetQuestionCode!: string | null;
  @ApiProperty() revision!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}
