/*
 * The question rule form (spec 002 "Question rule form"): a rule watches the answer of a trigger question and shows
 * (or hides) a module or a question.
 */
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { ratingLabel } from '../../shared/ratings';
import { useLibraryTree } from '../library-api';
import { RULES_PATH } from '../library-paths';
import type { LibraryTreeNode, QuestionRule } from '../library-types';
import { PickField } from './PickField';
import { useQuestionRuleForm } from './useQuestionRuleForm';

const EMPTY: LibraryTreeNode[] = [];

export const QuestionRuleForm = ({ rule }: { rule: QuestionRule | null }) => {
  const tree = useLibraryTree();
  if (tree.isPending) return <CircularProgress sx={{ m: 4 }} />;
  return <RuleFormCard rule={rule} domains={tree.data?.domains ?? EMPTY} />;
};

const RuleFormCard = ({ rule, domains }: { rule: QuestionRule | null; domains: LibraryTreeNode[] }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.library.rule_form.${key}`);
  const { form, errors, saving, choices, patch, changeTriggerDomain, changeTriggerModule, changeTriggerQuestion, toggleAnswer, save } =
    useQuestionRuleForm(rule, domains);
  const verb = form.action === 'hide' ? 'hide' : 'show';

  return (
    <Card variant="outlined">
      <CardContent
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        // A disabled select's hint must stay readable (MUI greys it below the contrast minimum).
        sx={{ p: 3, '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={text('rule_name')}
              required
              fullWidth
              size="small"
              value={form.name}
              onChange={(e) => patch({ name: e.target.value })}
              error={!!errors.name}
              helperText={errors.name}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              label={text('description')}
              required
              fullWidth
              size="small"
              multiline
              minRows={2}
              value={form.description}
              onChange={(e) => patch({ description: e.target.value })}
              error={!!errors.description}
              helperText={errors.description}
            />
          </Grid>
        </Grid>

        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" fontWeight={600} gutterBottom>
          {text('when')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <PickField
              id="rule-trigger-domain"
              label={text('domain')}
              required
              value={form.triggerDomainId}
              choices={choices.domains}
              onChange={changeTriggerDomain}
              error={errors.triggerDomainId}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <PickField
              id="rule-trigger-module"
              label={text('module')}
              value={form.triggerModuleId}
              choices={choices.triggerModules}
              onChange={changeTriggerModule}
              error={errors.triggerModuleId}
              helper={text('module_hint')}
              noneLabel={text('module_none')}
              disabled={!form.triggerDomainId}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <PickField
              id="rule-trigger-question"
              label={text('question')}
              required
              value={form.triggerQuestionId}
              choices={choices.triggerQuestions}
              onChange={changeTriggerQuestion}
              error={errors.triggerQuestionId}
              disabled={!form.triggerDomainId}
            />
          </Grid>
          <Grid size={12}>
            <FormControl error={!!errors.answers} required component="fieldset">
              <FormLabel component="legend">{text('is_answered')}</FormLabel>
              <FormGroup row>
                {choices.ratings.map((rating) => (
                  <FormControlLabel
                    key={rating}
                    control={
                      <Checkbox
                        size="small"
                        checked={form.answers.includes(rating)}
                        onChange={(e) => toggleAnswer(rating, e.target.checked)}
                        disabled={!form.triggerQuestionId}
                      />
                    }
                    label={ratingLabel(rating)}
                  />
                ))}
              </FormGroup>
              {errors.answers ? <FormHelperText>{errors.answers}</FormHelperText> : null}
            </FormControl>
          </Grid>
        </Grid>

        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" fontWeight={600} gutterBottom>
          {text('then')}
        </Typography>
        <RadioGroup
          row
          aria-label={text('action')}
          value={form.action}
          onChange={(e) => patch({ action: e.target.value === 'hide' ? 'hide' : 'show' })}
          sx={{ mb: 1 }}
        >
          <FormControlLabel value="show" control={<Radio size="small" />} label={text('show')} />
          <FormControlLabel value="hide" control={<Radio size="small" />} label={text('hide')} />
        </RadioGroup>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <PickField
              id="rule-target-module"
              label={text(`${verb}_module`)}
              value={form.moduleId}
              choices={choices.modules}
              onChange={(moduleId) => patch({ moduleId, questionId: '' })}
              error={errors.moduleId}
              helper={text(form.triggerModuleId ? 'target_locked' : 'target_hint')}
              noneLabel={text('none')}
              disabled={!!form.triggerModuleId}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PickField
              id="rule-target-question"
              label={text(`${verb}_question`)}
              value={form.questionId}
              choices={choices.showQuestions}
              onChange={(questionId) => patch({ questionId })}
              error={errors.questionId}
              noneLabel={text('none')}
            />
          </Grid>
        </Grid>

        {Object.keys(errors).length ? (
          <Alert severity="error" sx={{ mt: 3 }}>
            {translate('cans.library.correct_fields')}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }}>
          <Button component={RouterLink} to={RULES_PATH} disabled={saving}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('ra.action.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};
