/* The question rules list (spec 002 "Question Rules") at /library/questionRules. */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Chip, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import {
  Button,
  Datagrid,
  DeleteWithConfirmButton,
  FunctionField,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { usePrivilege } from '../../providers/usePrivilege';
import { ratingLabel } from '../../shared/ratings';
import { useLibraryTree } from '../library-api';
import { RULE_ADD_PATH, RULE_EVALUATOR_PATH, ruleEditPath } from '../library-paths';
import { flattenTree } from '../library-tree';
import type { QuestionRuleListEntry } from '../library-types';

/** The list's search and action filters. */
const useRuleFilters = () => {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('cans.library.rules.search')} />,
    <SelectInput
      key="action"
      source="action"
      label={translate('cans.library.rules.action')}
      choices={[
        { id: 'show', name: translate('cans.library.rules.show') },
        { id: 'hide', name: translate('cans.library.rules.hide') },
      ]}
    />,
  ];
};

const RuleListActions = ({ canManage }: { canManage: boolean }) => {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <Button component={RouterLink} to={RULE_EVALUATOR_PATH} label={translate('cans.library.rules.try')} startIcon={<ScienceOutlined />} />
      {canManage ? (
        <Button
          component={RouterLink}
          to={RULE_ADD_PATH}
          label={translate('cans.library.rules.add')}
          variant="contained"
          startIcon={<Add />}
        />
      ) : null}
    </TopToolbar>
  );
};

/** "0, 1 or 3". */
const answersText = (answers: string[], or: string) => {
  const labels = answers.map(ratingLabel);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} ${or} ${labels[labels.length - 1]}` : labels.join('');
};

/** Edit and delete of one rule (a managers' column). */
const RuleRowActions = ({ rule }: { rule: QuestionRuleListEntry }) => {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} justifyContent="flex-end" onClick={(e) => e.stopPropagation()}>
      <Button
        component={RouterLink}
        to={ruleEditPath(rule.id)}
        label={translate('cans.library.rules.edit')}
        aria-label={translate('cans.library.rules.edit_named', { name: rule.name })}
      />
      <DeleteWithConfirmButton
        record={rule}
        resource="question-rules"
        redirect={false}
        mutationMode="pessimistic"
        confirmTitle={translate('cans.library.rules.delete_title')}
        confirmContent={translate('cans.library.rules.delete_content', { name: rule.name })}
        mutationOptions={{ onSuccess: () => notify(translate('cans.library.rules.deleted'), { type: 'success' }) }}
        aria-label={translate('cans.library.rules.delete_named', { name: rule.name })}
      />
    </Stack>
  );
};

export const QuestionRuleListPage = () => {
  const canManage = usePrivilege('Rule_Manage');
  const translate = useTranslate();
  const filters = useRuleFilters();
  const tree = useLibraryTree();
  const names = useMemo(() => new Map(flattenTree(tree.data?.domains ?? []).map((n) => [n.id, n.name])), [tree.data]);
  const nameOf = (id: string | null, code: string | null) => (id ? (names.get(id) ?? code ?? '') : '');
  return (
    <Box>
      <List
        resource="question-rules"
        title={translate('cans.library.rules.title')}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={20}
        pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
        actions={<RuleListActions canManage={canManage} />}
        disableSyncWithLocation
        empty={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <ScrollRegion label={translate('cans.library.rules.table_label')}>
          <Datagrid rowClick={canManage ? (id) => ruleEditPath(String(id)) : false} bulkActionButtons={false}>
            <TextField source="name" label={translate('cans.library.rules.name')} />
            <TextField source="description" label={translate('cans.library.rules.description')} sortable={false} />
            <FunctionField
              label={translate('cans.library.rules.when')}
              render={(rule: QuestionRuleListEntry) => (
                <Typography variant="body2" component="span">
                  {translate('cans.library.rules.when_text', {
                    question: nameOf(rule.triggerQuestionId, rule.triggerQuestionCode),
                    answers: answersText(rule.answers, translate('cans.library.rules.or')),
                  })}
                </Typography>
              )}
            />
            <FunctionField
              label={translate('cans.library.rules.then')}
              source="action"
              render={(rule: QuestionRuleListEntry) => (
                <Stack direction="row" spacing={1} alignItems="center">
                  <Chip
                    size="small"
                    label={translate(`cans.library.rules.${rule.action === 'hide' ? 'hide' : 'show'}`)}
                    color={rule.action === 'hide' ? 'default' : 'primary'}
                    variant="outlined"
                  />
                  <Typography variant="body2" component="span">
                    {[nameOf(rule.moduleId, rule.targetModuleCode), nameOf(rule.questionId, rule.targetQuestionCode)]
                      .filter(Boolean)
                      .join(' › ')}
                  </Typography>
                </Stack>
              )}
            />
            {canManage ? (
              <FunctionField
                label={translate('cans.library.rules.action')}
                textAlign="right"
                render={(rule: QuestionRuleListEntry) => <RuleRowActions rule={rule} />}
              />
            ) : null}
          </Datagrid>
        </ScrollRegion>
      </List>
    </Box>
  );
};
