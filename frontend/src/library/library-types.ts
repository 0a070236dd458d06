/* Wire types of the question library API (docs/api.md "Question library"). */
import type { Rating } from '../shared/ratings';

export type LibraryItemType = 'domain' | 'module' | 'question' | 'text';
export type VisibilityState = 'visible' | 'indeterminate' | 'hidden';
export type AnswerDescriptions = Partial<Record<Rating, string | null>>;

export const LIBRARY_ITEM_TYPES: readonly LibraryItemType[] = ['domain', 'module', 'question', 'text'];

export interface LibraryItem {
  id: string;
  code: string;
  type: LibraryItemType;
  typeCode: number;
  parentId: string | null;
  domainId: string | null;
  moduleId: string | null;
  name: string;
  shortName: string | null;
  description: string;
  visible: boolean;
  visibilityState: VisibilityState;
  ageMin: number | null;
  ageMax: number | null;
  caregiverItem: boolean;
  order: number;
  answers: AnswerDescriptions | null;
  revision: number;
}

export interface LibraryTreeNode extends LibraryItem {
  items?: LibraryItem[];
  modules?: LibraryTreeNode[];
}

export interface LibraryTree {
  version: number;
  domains: LibraryTreeNode[];
}

export interface LibraryItemInput {
  type: LibraryItemType;
  domainId?: string | null;
  moduleId?: string | null;
  name?: string | null;
  shortName?: string | null;
  description: string;
  visible?: boolean;
  ageMin?: number | null;
  ageMax?: number | null;
  caregiverItem?: boolean | null;
  answers?: AnswerDescriptions | null;
  revision?: number;
}

export type RuleAction = 'show' | 'hide';

export interface QuestionRule {
  id: string;
  code: string;
  name: string;
  description: string;
  triggerDomainId: string;
  triggerModuleId: string | null;
  triggerQuestionId: string;
  answers: Rating[];
  action: RuleAction;
  moduleId: string | null;
  questionId: string | null;
  revision: number;
}

/** A rule as the list reads it: with the codes of the items it names. */
export interface QuestionRuleListEntry extends QuestionRule {
  triggerQuestionCode: string | null;
  targetModuleCode: string | null;
  targetQuestionCode: string | null;
}

export interface QuestionRuleInput {
  name: string;
  description: string;
  triggerDomainId: string | null;
  triggerModuleId: string | null;
  triggerQuestionId: string | null;
  answers: Rating[];
  action: RuleAction;
  moduleId: string | null;
  questionId: string | null;
}

export interface Evaluation {
  version: number;
  firedRules: { ruleId: string; ruleCode: string; action: string; caregiverIndex?: number }[];
  triggeredModules: { id: string; code: string; name: string; showQuestions: string[]; caregiverIndex?: number }[];
  triggeredQuestions: { id: string; code: string; name: string; caregiverIndex?: number }[];
  hiddenModules: { code: string; reason: string }[];
  hiddenQuestions: { code: string; reason: string }[];
}
