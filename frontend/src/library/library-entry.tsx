/*
 * The library feature's entry into the app shell: its resources and routes (registered by App.tsx) and its
 * menu entries (rendered by the layout's menu). Only this feature edits this file.
 *
 * Routes (spec 002 route table): /library (the Question Library; the administrator lands here),
 * /library/questionLibrary, /library/questionRules, /library/questionRulesAdd, /library/questionRulesEdit/{id},
 * plus /library/ruleEvaluator (try the rules).
 */
import { CustomRoutes, Menu, Resource, Title, usePermissions, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Navigate, Route, useLocation } from 'react-router-dom';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import { usePrivilege } from '../providers/usePrivilege';
import { QuestionLibraryPage } from './items/QuestionLibraryPage';
import { RULE_ADD_PATH, RULE_EDIT_ROUTE, RULE_EVALUATOR_PATH, RULES_PATH } from './library-paths';
import { QuestionRuleListPage } from './rules/QuestionRuleListPage';
import { QuestionRuleAddPage, QuestionRuleEditPage } from './rules/QuestionRuleFormPages';
import { RuleEvaluatorPage } from './evaluator/RuleEvaluatorPage';
import { NotFoundContent } from '../pages/NotFoundPage';

/*
 * Each route's privilege is checked before it renders by the layout's route guard (library-access.ts lists them).
 */

/** /library: the Question Library, or the rules for a user who manages rules only. */
const LibraryHome = () => {
  const { isPending } = usePermissions();
  const library = usePrivilege('Library_Manage');
  const rules = usePrivilege('Rule_Manage');
  const customize = usePrivilege('Customize_Manage');
  if (isPending) return null;
  if (library) return <QuestionLibraryPage />;
  if (rules) return <Navigate to={RULES_PATH} replace />;
  // Spec 002 §2: /library is open to Customize_Manage too; such a user customizes the pages' help.
  if (customize) return <LibraryCustomizeHome />;
  return <NotFoundContent />;
};

/** /library for a user who customizes the help only: what the role does here, and where. */
const LibraryCustomizeHome = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('cans.library.customize.title')} />
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {translate('cans.library.customize.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography>{translate('cans.library.customize.text')}</Typography>
        </CardContent>
      </Card>
    </Box>
  );
};

/** <Resource> and <CustomRoutes> elements of this feature (react-admin reads them through the fragment). */
export const libraryResources = (
  <>
    <Resource name="question-rules" recordRepresentation="name" />
    <CustomRoutes>
      <Route path="/library" element={<LibraryHome />} />
      <Route path="/library/questionLibrary" element={<QuestionLibraryPage />} />
      <Route path={RULES_PATH} element={<QuestionRuleListPage />} />
      <Route path={RULE_ADD_PATH} element={<QuestionRuleAddPage />} />
      <Route path={RULE_EDIT_ROUTE} element={<QuestionRuleEditPage />} />
      <Route path={RULE_EVALUATOR_PATH} element={<RuleEvaluatorPage />} />
    </CustomRoutes>
  </>
);

/** Menu entries of this feature, each shown only when the signed-in user may use it. */
export const LibraryMenuItems = () => {
  const library = usePrivilege('Library_Manage');
  const rules = usePrivilege('Rule_Manage');
  const { pathname } = useLocation();
  // Menu items are active on every path under theirs; the rule pages (under /library) are not the library's.
  const onLibraryPage = pathname === '/library' || pathname.startsWith('/library/questionLibrary');
  return (
    <>
      {library ? (
        <Menu.Item
          to="/library"
          primaryText="Question Library"
          leftIcon={<AccountTreeOutlined />}
          sx={onLibraryPage ? undefined : { '&.RaMenuItemLink-active': { color: 'text.secondary' } }}
        />
      ) : null}
      {rules ? <Menu.Item to={RULES_PATH} primaryText="Question Rules" leftIcon={<RuleOutlined />} /> : null}
    </>
  );
};
