import type { Privilege } from '@cans/domain/identity/privileges';

/**
 * Who may read the instrument (the library tree, items, versions, evaluation): whoever may view assessments
 * (the questionnaire renders it) or may open the /library screens (spec: Library_Manage, Rule_Manage or
 * Customize_Manage; rule editors need the item pickers).
 */
export const INSTRUMENT_READERS: Privilege[] = ['Assessment_View', 'Library_Manage', 'Rule_Manage', 'Customize_Manage'];

/** Who may read the question rules: the rule editors and the library editors (rules block item deletes). */
export const RULE_READERS: Privilege[] = ['Rule_Manage', 'Library_Manage'];
