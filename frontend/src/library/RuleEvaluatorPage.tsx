/*
 * Try the rules: rate a few questions for a child of a given age and see which rules fire and which modules
 * and questions an assessment would open or hide (POST /api/library/evaluate on the current library).
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  Grid,
  IconButton,
  InputLabel,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import { Title } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { errorMessageOf, Evaluation, fieldErrorsOf, flattenTree, libraryApi, LibraryTreeNode, RATINGS, ratingLabel } from './library-api';
import { RULES_PATH } from './QuestionRulePages';

interface AnswerRow {
  key: number;
  questionId: string;
  rating: string;
}

const REASONS: Record<string, string> = {
  'library-hidden': 'hidden in the library',
  age: 'outside its age restriction',
  'hide-rule': 'hidden by a rule',
  'not-triggered': 'no rule opened it',
  'ancestor-hidden': 'its domain or module is hidden',
};

export const RuleEvaluatorPage = () => {
  const tree = useQuery({ queryKey: ['library', 'tree'], queryFn: libraryApi.tree });
  const [age, setAge] = useState('10');
  const [rows, setRows] = useState<AnswerRow[]>([{ key: 1, questionId: '', rating: '' }]);
  const [result, setResult] = useState<Evaluation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const questions = useMemo(() => {
    const nodes = flattenTree(tree.data?.domains ?? []);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const path = (node: LibraryTreeNode): string => {
      const parent = node.parentId ? byId.get(node.parentId) : undefined;
      return parent ? `${path(parent)} › ${node.name}` : node.name;
    };
    return nodes.filter((n) => n.type === 'question').map((q) => ({ node: q, label: path(q) }));
  }, [tree.data]);
  const nameOfCode = useMemo(() => new Map(questions.map((q) => [q.node.code, q.node.name])), [questions]);

  const update = (key: number, change: Partial<AnswerRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const evaluate = async () => {
    setFailure(null);
    const answers: Record<string, string> = {};
    for (const row of rows) {
      const question = questions.find((q) => q.node.id === row.questionId)?.node;
      // Caregiver items are answered per caregiver: this tries the first caregiver.
      if (question && row.rating) answers[question.caregiverItem ? `${question.code}#0` : question.code] = row.rating;
    }
    try {
      setResult(await libraryApi.evaluate(answers, Number(age)));
    } catch (error) {
      setResult(null);
      const fields = Object.values(fieldErrorsOf(error));
      setFailure(fields.length ? fields.join(' ') : errorMessageOf(error));
    }
  };

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Title title="Rules / Try the rules" />
      <Breadcrumbs sx={{ mb: 1.5, mt: 2 }}>
        <Typography color="text.secondary">Rules</Typography>
        <Link component={RouterLink} to={RULES_PATH} underline="hover" color="inherit">
          Question
        </Link>
        <Typography color="text.primary">Try the rules</Typography>
      </Breadcrumbs>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" fontWeight={600} gutterBottom>
                Answers
              </Typography>
              <TextField label="Child's age (years)" type="number" size="small" value={age} onChange={(e) => setAge(e.target.value)} sx={{ mb: 2, width: 200 }} slotProps={{ htmlInput: { min: 0, max: 120 } }} />
              <Stack spacing={1.5}>
                {rows.map((row, index) => (
                  <Stack key={row.key} direction="row" spacing={1} alignItems="center">
                    <FormControl variant="outlined" size="small" sx={{ flex: 1 }}>
                      <InputLabel id={`evaluate-question-${index}`}>Question</InputLabel>
                      <Select labelId={`evaluate-question-${index}`} label="Question" value={row.questionId} onChange={(e) => update(row.key, { questionId: e.target.value })}>
                        {questions.map((q) => (
                          <MenuItem key={q.node.id} value={q.node.id}>
                            {q.label}
                          </MenuItem>
                        ))}
                      </Select>
                    </FormControl>
                    <FormControl variant="outlined" size="small" sx={{ width: 110 }}>
                      <InputLabel id={`evaluate-rating-${index}`}>Rating</InputLabel>
                      <Select labelId={`evaluate-rating-${index}`} label="Rating" value={row.rating} onChange={(e) => update(row.key, { rating: e.target.value })}>
                        {RATINGS.map((r) => (
                          <MenuItem key={r} value={r}>
                            {ratingLabel(r)}
                          </MenuItem>
                        ))}
                      </Select>
                    </FormControl>
                    <IconButton aria-label="Remove answer" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))} disabled={rows.length === 1}>
                      <Close fontSize="small" />
                    </IconButton>
                  </Stack>
                ))}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                <Button startIcon={<Add />} onClick={() => setRows((all) => [...all, { key: Math.max(...all.map((r) => r.key)) + 1, questionId: '', rating: '' }])}>
                  Add answer
                </Button>
                <Box sx={{ flex: 1 }} />
                <Button variant="contained" onClick={() => void evaluate()}>
                  Evaluate
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined" aria-live="polite" aria-label="Evaluation result">
            <CardContent>
              <Typography variant="subtitle1" fontWeight={600} gutterBottom>
                Result
              </Typography>
              {failure ? <Alert severity="error">{failure}</Alert> : null}
              {!result && !failure ? (
                <Typography variant="body2" color="text.secondary">
                  Rate one or more questions and press Evaluate.
                </Typography>
              ) : null}
              {result ? (
                <>
                  <Typography variant="body2" color="text.secondary">
                    Library version {result.version} · {result.firedRules.length} rule(s) fired
                  </Typography>
                  <Typography variant="subtitle2" sx={{ mt: 2 }}>
                    Triggered modules
                  </Typography>
                  {result.triggeredModules.length ? (
                    <List dense aria-label="Triggered modules">
                      {result.triggeredModules.map((m) => (
                        <ListItem key={`${m.id}#${m.caregiverIndex ?? ''}`} disableGutters>
                          <ListItemText primary={m.name} secondary={`${m.showQuestions.length} question(s): ${m.showQuestions.map((code) => nameOfCode.get(code) ?? code).join(', ')}`} />
                        </ListItem>
                      ))}
                    </List>
                  ) : (
                    <Typography variant="body2" color="text.secondary">None</Typography>
                  )}
                  <Typography variant="subtitle2" sx={{ mt: 2 }}>
                    Triggered questions
                  </Typography>
                  {result.triggeredQuestions.length ? (
                    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                      {result.triggeredQuestions.map((q) => <Chip key={`${q.id}#${q.caregiverIndex ?? ''}`} size="small" label={q.name} />)}
                    </Stack>
                  ) : (
                    <Typography variant="body2" color="text.secondary">None</Typography>
                  )}
                  {result.hiddenModules.length + result.hiddenQuestions.length ? (
                    <>
                      <Typography variant="subtitle2" sx={{ mt: 2 }}>
                        Not shown
                      </Typography>
                      <List dense>
                        {[...result.hiddenModules, ...result.hiddenQuestions].map((h, i) => (
                          <ListItem key={`${h.code}-${i}`} disableGutters>
                            <ListItemText primary={h.code} secondary={REASONS[h.reason] ?? h.reason} />
                          </ListItem>
                        ))}
                      </List>
                    </>
                  ) : null}
                </>
              ) : null}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
};
