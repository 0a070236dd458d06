/* The add page /library/questionRulesAdd and the edit page /library/questionRulesEdit/{id}. */
import { useParams } from 'react-router-dom';
import { Alert, Box, CircularProgress } from '@mui/material';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/api-error';
import type { QuestionRule } from '../library-types';
import { QuestionRuleForm } from './QuestionRuleForm';

export const QuestionRuleAddPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Title title={translate('cans.library.rules.add_title')} />
      <QuestionRuleForm rule={null} />
    </Box>
  );
};

export const QuestionRuleEditPage = () => {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { data, isPending, error } = useGetOne<QuestionRule>('question-rules', { id });
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Title title={translate('cans.library.rules.edit_title')} />
      {isPending ? (
        <CircularProgress />
      ) : error || !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : (
        <QuestionRuleForm rule={data} />
      )}
    </Box>
  );
};
