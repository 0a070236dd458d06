/*
 * Question rules (spec 002 "Question Rules", "Question rule form"): the list at /library/questionRules, the add
 * page /library/questionRulesAdd and the edit page /library/questionRulesEdit/{id}. A rule watches the answer
 * of a trigger question and shows (or hides) a module or a question.
 *
 * Form behaviour: changing the trigger domain clears the module, the question, the show question and the
 * answers; picking a trigger module copies it into the show module and locks that field. The API validates;
 * its messages (the spec's sentences) show under the fields.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button as MuiButton,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Grid,
  InputLabel,
  Link,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { ScrollRegion } from '../layout/ScrollRegion';
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
  TextField as RaTextField,
  Title,
  TopToolbar,
  useDataProvider,
  useGetOne,
  useNotify,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { errorMessageOf, fieldErrorsOf, flattenTree, libraryApi, LibraryTreeNode, QuestionRule, Rating, RATINGS, ratingLabel } from './library-api';
import { RULE_DELETE_SUCCESS, RULE_SAVE_SUCCESS } from './library-messages';
import { usePrivilege } from '../providers/usePrivilege';

export const RULES_PATH = '/library/questionRules';
export const RULE_ADD_PATH = '/library/questionRulesAdd';
export const ruleEditPath = (id: string) => `/library/questionRulesEdit/${id}`;
export const RULE_EVALUATOR_PATH = '/library/ruleEvaluator';

const RuleBreadcrumbs = ({ last }: { last?: string }) => (
  <Breadcrumbs sx={{ mb: 1.5, mt: 2 }} aria-label="Breadcrumb">
    <Typography color="text.secondary">Rules</Typography>
    {last ? (
      <Link component={RouterLink} to={RULES_PATH} underline="hover" color="inherit">
        Question
      </Link>
    ) : (
      <Typography color="text.primary">Question</Typography>
    )}
    {last ? <Typography color="text.primary">{last}</Typography> : null}
  </Breadcrumbs>
);

// ---------------------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------------------

const ruleFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or description" />,
  <SelectInput
    key="action"
    source="action"
    label="Action"
    choices={[
      { id: 'show', name: 'Show' },
      { id: 'hide', name: 'Hide' },
    ]}
  />,
];

const RuleListActions = ({ canManage }: { canManage: boolean }) => (
  <TopToolbar>
    <Button component={RouterLink} to={RULE_EVALUATOR_PATH} label="Try the rules" startIcon={<ScienceOutlined />} />
    {canManage ? <Button component={RouterLink} to={RULE_ADD_PATH} label="Add" variant="contained" startIcon={<Add />} /> : null}
  </TopToolbar>
);

const answersText = (answers: string[]) => {
  const labels = answers.map(ratingLabel);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}` : labels.join('');
};

export const QuestionRuleListPage = () => {
  const canManage = usePrivilege('Rule_Manage');
  const notify = useNotify();
  const tree = useQuery({ queryKey: ['library', 'tree'], queryFn: libraryApi.tree });
  const names = useMemo(() => new Map(flattenTree(tree.data?.domains ?? []).map((n) => [n.id, n.name])), [tree.data]);
  const nameOf = (id: string | null, code: string | null) => (id ? (names.get(id) ?? code ?? '') : '');
  return (
    <Box>
      <RuleBreadcrumbs />
      <List
        resource="question-rules"
        title="Rules / Question"
        filters={ruleFilters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={20}
        pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
        actions={<RuleListActions canManage={canManage} />}
        disableSyncWithLocation
        empty={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <ScrollRegion label="Question rules">
        <Datagrid rowClick={canManage ? (id) => ruleEditPath(String(id)) : false} bulkActionButtons={false}>
          <RaTextField source="name" label="Name" />
          <RaTextField source="description" label="Description" sortable={false} />
          <FunctionField
            label="When"
            render={(rule: QuestionRule & { triggerQuestionCode: string | null }) => (
              <Typography variant="body2" component="span">
                {nameOf(rule.triggerQuestionId, rule.triggerQuestionCode)} is {answersText(rule.answers)}
              </Typography>
            )}
          />
          <FunctionField
            label="Then"
            source="action"
            render={(rule: QuestionRule & { targetModuleCode: string | null; targetQuestionCode: string | null }) => (
              <Stack direction="row" spacing={1} alignItems="center">
                <Chip size="small" label={rule.action === 'hide' ? 'Hide' : 'Show'} color={rule.action === 'hide' ? 'default' : 'primary'} variant="outlined" />
                <Typography variant="body2" component="span">
                  {[nameOf(rule.moduleId, rule.targetModuleCode), nameOf(rule.questionId, rule.targetQuestionCode)].filter(Boolean).join(' › ')}
                </Typography>
              </Stack>
            )}
          />
          {canManage ? (
            <FunctionField
              label="Action"
              textAlign="right"
              render={(rule: QuestionRule) => (
                <Stack direction="row" spacing={0.5} justifyContent="flex-end" onClick={(e) => e.stopPropagation()}>
                  <Button component={RouterLink} to={ruleEditPath(rule.id)} label="Edit" aria-label={`Edit ${rule.name}`} />
                  <DeleteWithConfirmButton
                    record={rule}
                    resource="question-rules"
                    redirect={false}
                    mutationMode="pessimistic"
                    confirmTitle="Delete Question Rule"
                    confirmContent={`Delete the rule “${rule.name}”? Assessments started from now on no longer use it.`}
                    mutationOptions={{ onSuccess: () => notify(RULE_DELETE_SUCCESS, { type: 'success' }) }}
                    aria-label={`Delete ${rule.name}`}
                  />
                </Stack>
              )}
            />
          ) : null}
        </Datagrid>
        </ScrollRegion>
      </List>
    </Box>
  );
};

// ---------------------------------------------------------------------------------------------------------
// Form (add and edit)
// ---------------------------------------------------------------------------------------------------------

interface RuleFormState {
  name: string;
  description: string;
  triggerDomainId: string;
  triggerModuleId: string;
  triggerQuestionId: string;
  answers: Rating[];
  action: 'show' | 'hide';
  moduleId: string;
  questionId: string;
}

const EMPTY_RULE: RuleFormState = {
  name: '',
  description: '',
  triggerDomainId: '',
  triggerModuleId: '',
  triggerQuestionId: '',
  answers: [],
  action: 'show',
  moduleId: '',
  questionId: '',
};

const fromRule = (rule: QuestionRule): RuleFormState => ({
  name: rule.name,
  description: rule.description,
  triggerDomainId: rule.triggerDomainId,
  triggerModuleId: rule.triggerModuleId ?? '',
  triggerQuestionId: rule.triggerQuestionId,
  answers: rule.answers,
  action: rule.action,
  moduleId: rule.moduleId ?? '',
  questionId: rule.questionId ?? '',
});

interface Choice {
  id: string;
  label: string;
}

/** Modules under a node at any depth, indented by depth. */
const modulesUnder = (node: LibraryTreeNode, prefix = ''): Choice[] =>
  (node.modules ?? []).flatMap((m) => [{ id: m.id, label: `${prefix}${m.name}` }, ...modulesUnder(m, `${prefix}${m.name} › `)]);

const questionsOf = (node: LibraryTreeNode | undefined) => (node?.items ?? []).filter((i) => i.type === 'question');

const ratingsOf = (question: LibraryTreeNode | undefined): Rating[] =>
  RATINGS.filter((r) => r !== '4' || (question?.answers?.['4'] !== undefined && question?.answers?.['4'] !== null));

const PickField = ({
  id,
  label,
  value,
  choices,
  onChange,
  error,
  helper,
  required,
  disabled,
  noneLabel,
}: {
  id: string;
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  error?: string;
  helper?: string;
  required?: boolean;
  disabled?: boolean;
  noneLabel?: string;
}) => (
  <FormControl variant="outlined" fullWidth size="small" error={!!error} required={required} disabled={disabled}>
    <InputLabel id={`${id}-label`}>{label}</InputLabel>
    <Select labelId={`${id}-label`} id={id} label={label} value={choices.some((c) => c.id === value) ? value : ''} onChange={(e) => onChange(e.target.value)}>
      {noneLabel ? (
        <MenuItem value="">
          <em>{noneLabel}</em>
        </MenuItem>
      ) : null}
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.label}
        </MenuItem>
      ))}
    </Select>
    {error || helper ? <FormHelperText>{error ?? helper}</FormHelperText> : null}
  </FormControl>
);

const QuestionRuleForm = ({ rule }: { rule: QuestionRule | null }) => {
  const navigate = useNavigate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const tree = useQuery({ queryKey: ['library', 'tree'], queryFn: libraryApi.tree });
  const [form, setForm] = useState<RuleFormState>(rule ? fromRule(rule) : EMPTY_RULE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (rule) setForm(fromRule(rule));
  }, [rule]);

  const domains = useMemo(() => tree.data?.domains ?? [], [tree.data]);
  const nodes = useMemo(() => new Map(flattenTree(domains).map((n) => [n.id, n])), [domains]);
  const domain = nodes.get(form.triggerDomainId);
  const triggerModules = domain ? modulesUnder(domain) : [];
  const triggerQuestions = questionsOf(nodes.get(form.triggerModuleId || form.triggerDomainId));
  const triggerQuestion = nodes.get(form.triggerQuestionId);
  const availableRatings = ratingsOf(triggerQuestion);
  const allModules = domains.flatMap((d) => modulesUnder(d, `${d.name} › `));
  const showQuestions: Choice[] = form.moduleId
    ? questionsOf(nodes.get(form.moduleId)).map((q) => ({ id: q.id, label: q.name }))
    : flattenTree(domains)
        .filter((n) => n.type === 'question')
        .map((q) => ({ id: q.id, label: `${nodes.get(q.parentId ?? '')?.name ?? ''} › ${q.name}` }));

  const patch = (changes: Partial<RuleFormState>) => {
    setForm((f) => ({ ...f, ...changes }));
    // Messages about changed fields are out of date; either target satisfies "module or question".
    const changed = Object.keys(changes);
    if (changed.includes('moduleId') || changed.includes('questionId')) changed.push('moduleId', 'questionId');
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !changed.includes(k))));
  };

  const changeTriggerDomain = (triggerDomainId: string) =>
    patch({ triggerDomainId, triggerModuleId: '', triggerQuestionId: '', answers: [], questionId: '', moduleId: form.triggerModuleId ? '' : form.moduleId });

  const changeTriggerModule = (triggerModuleId: string) =>
    patch({
      triggerModuleId,
      triggerQuestionId: '',
      answers: [],
      // A trigger module is also the module the rule shows; the field locks (and unlocks empty again).
      moduleId: triggerModuleId,
      questionId: triggerModuleId && questionsOf(nodes.get(triggerModuleId)).some((q) => q.id === form.questionId) ? form.questionId : '',
    });

  const changeTriggerQuestion = (triggerQuestionId: string) => {
    const ratings = ratingsOf(nodes.get(triggerQuestionId));
    patch({ triggerQuestionId, answers: form.answers.filter((a) => ratings.includes(a)) });
  };

  const toggleAnswer = (rating: Rating, on: boolean) =>
    patch({ answers: RATINGS.filter((r) => (r === rating ? on : form.answers.includes(r))) });

  const save = async () => {
    const data = {
      name: form.name,
      description: form.description,
      triggerDomainId: form.triggerDomainId || null,
      triggerModuleId: form.triggerModuleId || null,
      triggerQuestionId: form.triggerQuestionId || null,
      answers: form.answers,
      action: form.action,
      moduleId: form.moduleId || null,
      questionId: form.questionId || null,
    };
    setSaving(true);
    try {
      if (rule) await dataProvider.update('question-rules', { id: rule.id, data: { ...data, revision: rule.revision }, previousData: rule });
      else await dataProvider.create('question-rules', { data });
      notify(RULE_SAVE_SUCCESS, { type: 'success' });
      navigate(RULES_PATH);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) notify(errorMessageOf(error), { type: 'error', autoHideDuration: 5000 });
    } finally {
      setSaving(false);
    }
  };

  if (tree.isPending) return <CircularProgress sx={{ m: 4 }} />;
  const err = (field: string) => errors[field];

  return (
    <Card variant="outlined">
      <CardContent
        component="form"
        noValidate
        onSubmit={(e) => { e.preventDefault(); void save(); }}
        // A disabled select's hint must stay readable (MUI greys it below the contrast minimum).
        sx={{ p: 3, '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField label="Rule Name" required fullWidth size="small" value={form.name} onChange={(e) => patch({ name: e.target.value })} error={!!err('name')} helperText={err('name')} />
          </Grid>
          <Grid size={12}>
            <TextField
              label="Description"
              required
              fullWidth
              size="small"
              multiline
              minRows={2}
              value={form.description}
              onChange={(e) => patch({ description: e.target.value })}
              error={!!err('description')}
              helperText={err('description')}
            />
          </Grid>
        </Grid>

        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" fontWeight={600} gutterBottom>
          When
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <PickField id="rule-trigger-domain" label="Domain" required value={form.triggerDomainId} choices={domains.map((d) => ({ id: d.id, label: d.name }))} onChange={changeTriggerDomain} error={err('triggerDomainId')} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <PickField
              id="rule-trigger-module"
              label="Module"
              value={form.triggerModuleId}
              choices={triggerModules}
              onChange={changeTriggerModule}
              error={err('triggerModuleId')}
              helper="Optional: the question's module"
              noneLabel="None (a question of the domain)"
              disabled={!form.triggerDomainId}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <PickField
              id="rule-trigger-question"
              label="Question"
              required
              value={form.triggerQuestionId}
              choices={triggerQuestions.map((q) => ({ id: q.id, label: q.name }))}
              onChange={changeTriggerQuestion}
              error={err('triggerQuestionId')}
              disabled={!form.triggerDomainId}
            />
          </Grid>
          <Grid size={12}>
            <FormControl error={!!err('answers')} required component="fieldset">
              <FormLabel component="legend">is answered</FormLabel>
              <FormGroup row>
                {availableRatings.map((rating) => (
                  <FormControlLabel
                    key={rating}
                    control={<Checkbox size="small" checked={form.answers.includes(rating)} onChange={(e) => toggleAnswer(rating, e.target.checked)} disabled={!form.triggerQuestionId} />}
                    label={ratingLabel(rating)}
                  />
                ))}
              </FormGroup>
              {err('answers') ? <FormHelperText>{err('answers')}</FormHelperText> : null}
            </FormControl>
          </Grid>
        </Grid>

        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" fontWeight={600} gutterBottom>
          Then
        </Typography>
        <RadioGroup row aria-label="Action" value={form.action} onChange={(e) => patch({ action: e.target.value as 'show' | 'hide' })} sx={{ mb: 1 }}>
          <FormControlLabel value="show" control={<Radio size="small" />} label="Show" />
          <FormControlLabel value="hide" control={<Radio size="small" />} label="Hide" />
        </RadioGroup>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <PickField
              id="rule-target-module"
              label={form.action === 'hide' ? 'Hide module' : 'Show module'}
              value={form.moduleId}
              choices={allModules}
              onChange={(moduleId) => patch({ moduleId, questionId: '' })}
              error={err('moduleId')}
              helper={form.triggerModuleId ? 'Locked: the trigger module' : 'Choose a module, a question, or both'}
              noneLabel="None"
              disabled={!!form.triggerModuleId}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PickField id="rule-target-question" label={form.action === 'hide' ? 'Hide question' : 'Show question'} value={form.questionId} choices={showQuestions} onChange={(questionId) => patch({ questionId })} error={err('questionId')} noneLabel="None" />
          </Grid>
        </Grid>

        {Object.keys(errors).length ? (
          <Alert severity="error" sx={{ mt: 3 }}>
            Please correct the highlighted fields.
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }}>
          <MuiButton component={RouterLink} to={RULES_PATH} disabled={saving}>
            Cancel
          </MuiButton>
          <MuiButton type="submit" variant="contained" disabled={saving}>
            Save
          </MuiButton>
        </Stack>
      </CardContent>
    </Card>
  );
};

export const QuestionRuleAddPage = () => (
  <Box sx={{ maxWidth: 1000 }}>
    <Title title="Rules / Question / Add" />
    <RuleBreadcrumbs last="Add" />
    <QuestionRuleForm rule={null} />
  </Box>
);

export const QuestionRuleEditPage = () => {
  const { id = '' } = useParams();
  const { data, isPending, error } = useGetOne<QuestionRule>('question-rules', { id });
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Title title="Rules / Question / Edit" />
      <RuleBreadcrumbs last="Edit" />
      {isPending ? <CircularProgress /> : error || !data ? <Alert severity="error">{errorMessageOf(error)}</Alert> : <QuestionRuleForm rule={data} />}
    </Box>
  );
};
