/*
 * Try the rules: rate a few questions for a child of a given age and see which rules fire and which modules
 * and questions an assessment would open or hide (POST /api/library/evaluate on the current library).
 */
import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  Grid,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import { Title, useTranslate } from 'react-admin';
import { useApiMutation } from '../../providers/useApi';
import { RATINGS, ratingLabel } from '../../shared/ratings';
import { evaluateRules, useLibraryTree } from '../library-api';
import { flattenTree } from '../library-tree';
import type { LibraryTreeNode } from '../library-types';
import { EvaluationResult } from './EvaluationResult';

interface AnswerRow {
  key: number;
  questionId: string;
  rating: string;
}

/** Every question of the library, labelled with its path. */
const useQuestionChoices = () => {
  const tree = useLibraryTree();
  return useMemo(() => {
    const nodes = flattenTree(tree.data?.domains ?? []);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const path = (node: LibraryTreeNode): string => {
      const parent = node.parentId ? byId.get(node.parentId) : undefined;
      return parent ? `${path(parent)} › ${node.name}` : node.name;
    };
    return nodes.filter((n) => n.type === 'question').map((q) => ({ node: q, label: path(q) }));
  }, [tree.data]);
};

export const RuleEvaluatorPage = () => {
  const translate = useTranslate();
  const questions = useQuestionChoices();
  const nameOfCode = useMemo(() => new Map(questions.map((q) => [q.node.code, q.node.name])), [questions]);
  const [age, setAge] = useState('10');
  const [rows, setRows] = useState<AnswerRow[]>([{ key: 1, questionId: '', rating: '' }]);
  const evaluation = useApiMutation(evaluateRules);
  // A refusal names the fields it is about; the page shows their messages together.
  const fieldMessages = evaluation.error ? Object.values(evaluation.error.fieldErrors) : [];
  const failure = evaluation.error ? (fieldMessages.length ? fieldMessages.join(' ') : evaluation.error.message) : null;

  const update = (key: number, change: Partial<AnswerRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const evaluate = () => {
    const answers: Record<string, string> = {};
    for (const row of rows) {
      const question = questions.find((q) => q.node.id === row.questionId)?.node;
      // Caregiver items are answered per caregiver: this tries the first caregiver.
      if (question && row.rating) answers[question.caregiverItem ? `${question.code}#0` : question.code] = row.rating;
    }
    evaluation.mutate({ answers, childAgeYears: Number(age) });
  };

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Title title={translate('cans.library.evaluator.title')} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" fontWeight={600} gutterBottom>
                {translate('cans.library.evaluator.answers')}
              </Typography>
              <TextField
                label={translate('cans.library.evaluator.child_age')}
                type="number"
                size="small"
                value={age}
                onChange={(e) => setAge(e.target.value)}
                sx={{ mb: 2, width: 200 }}
                slotProps={{ htmlInput: { min: 0, max: 120 } }}
              />
              <Stack spacing={1.5}>
                {rows.map((row, index) => (
                  <Stack key={row.key} direction="row" spacing={1} alignItems="center">
                    <FormControl variant="outlined" size="small" sx={{ flex: 1 }}>
                      <InputLabel id={`evaluate-question-${index}`}>{translate('cans.library.evaluator.question')}</InputLabel>
                      <Select
                        labelId={`evaluate-question-${index}`}
                        label={translate('cans.library.evaluator.question')}
                        value={row.questionId}
                        onChange={(e) => update(row.key, { questionId: e.target.value })}
                      >
                        {questions.map((q) => (
                          <MenuItem key={q.node.id} value={q.node.id}>
                            {q.label}
                          </MenuItem>
                        ))}
                      </Select>
                    </FormControl>
                    <FormControl variant="outlined" size="small" sx={{ width: 110 }}>
                      <InputLabel id={`evaluate-rating-${index}`}>{translate('cans.library.evaluator.rating')}</InputLabel>
                      <Select
                        labelId={`evaluate-rating-${index}`}
                        label={translate('cans.library.evaluator.rating')}
                        value={row.rating}
                        onChange={(e) => update(row.key, { rating: e.target.value })}
                      >
                        {RATINGS.map((r) => (
                          <MenuItem key={r} value={r}>
                            {ratingLabel(r)}
                          </MenuItem>
                        ))}
                      </Select>
                    </FormControl>
                    <IconButton
                      aria-label={translate('cans.library.evaluator.remove_answer')}
                      onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                      disabled={rows.length === 1}
                    >
                      <Close fontSize="small" />
                    </IconButton>
                  </Stack>
                ))}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                <Button
                  startIcon={<Add />}
                  onClick={() => setRows((all) => [...all, { key: Math.max(...all.map((r) => r.key)) + 1, questionId: '', rating: '' }])}
                >
                  {translate('cans.library.evaluator.add_answer')}
                </Button>
                <Box sx={{ flex: 1 }} />
                <Button variant="contained" onClick={evaluate}>
                  {translate('cans.library.evaluator.evaluate')}
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <EvaluationResult result={evaluation.data} failure={failure} nameOfCode={nameOfCode} />
        </Grid>
      </Grid>
    </Box>
  );
};
