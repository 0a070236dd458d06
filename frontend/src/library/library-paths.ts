/* Routes of the rule screens (spec 002 route table), shared by the entry, the pages and their links. */
export const RULES_PATH = '/library/questionRules';
export const RULE_ADD_PATH = '/library/questionRulesAdd';
export const RULE_EDIT_ROUTE = '/library/questionRulesEdit/:id';
export const ruleEditPath = (id: string) => `/library/questionRulesEdit/${id}`;
export const RULE_EVALUATOR_PATH = '/library/ruleEvaluator';
