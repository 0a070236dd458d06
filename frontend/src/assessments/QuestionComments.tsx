/*
 * A question's comments: the list, and one editor open at a time. The server judges the text (spec 000 §5: required
 * after trimming) and its field message is shown under the editor.
 */
import { useState } from 'react';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useGetIdentity, useTranslate } from 'react-admin';
import { errorMessage, toApiError } from '../providers/api-error';
import { formatDateTime } from '../shared/format';
import type { Rating } from '../shared/ratings';
import type { QuestionComment, QuestionView } from './assessment-types';

export interface QuestionnaireHandlers {
  onRate: (question: QuestionView, caregiverId: string | null, rating: Rating | null) => Promise<void>;
  onSaveComment: (question: QuestionView, caregiverId: string | null, commentId: string | null, content: string) => Promise<void>;
  onDeleteComment: (comment: QuestionComment) => Promise<void>;
  /** Spec §4: expanding a domain first checks for caregivers without a relationship; false blocks the expansion. */
  beforeExpand: () => boolean;
}

/** What a question's rating row and its comment box both need. */
export interface QuestionProps {
  question: QuestionView;
  caregiverId: string | null;
  comments: QuestionComment[];
  readOnly: boolean;
  handlers: QuestionnaireHandlers;
}

export const CommentBox = ({ question, caregiverId, comments, readOnly, handlers }: QuestionProps) => {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const [editing, setEditing] = useState<{ commentId: string | null; content: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!editing) return;
    setBusy(true);
    try {
      await handlers.onSaveComment(question, caregiverId, editing.commentId, editing.content.trim());
      setEditing(null);
      setError(null);
    } catch (e) {
      setError(toApiError(e).fieldErrors.content ?? errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      {comments.map((comment) => {
        const own = !comment.authorId || String(comment.authorId) === String(identity?.id);
        return (
          <Box key={comment.commentId} sx={{ bgcolor: '#f6f8fb', borderRadius: 1, px: 1.5, py: 1, mb: 1, display: 'flex', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary">
                {comment.authorName} · {formatDateTime(comment.at)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.content}
              </Typography>
            </Box>
            {!readOnly && own && (
              <Box sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  size="small"
                  aria-label={translate('cans.assessments.comments.edit', { name: question.name })}
                  onClick={() => setEditing({ commentId: comment.commentId, content: comment.content })}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={translate('cans.assessments.comments.delete', { name: question.name })}
                  onClick={() => handlers.onDeleteComment(comment)}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Box>
            )}
          </Box>
        );
      })}
      {editing ? (
        <Box>
          <TextField
            label={translate('cans.assessments.comments.label', { name: question.name })}
            value={editing.content}
            onChange={(e) => setEditing({ ...editing, content: e.target.value })}
            onKeyDown={(e) => {
              // The question's rating keys must not fire while typing; Escape closes the editor.
              e.stopPropagation();
              if (e.key === 'Escape') {
                setEditing(null);
                setError(null);
              }
            }}
            multiline
            minRows={2}
            fullWidth
            size="small"
            autoFocus
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 10000 } }}
          />
          <Stack direction="row" spacing={1} justifyContent="flex-end">
            <Button size="small" onClick={() => (setEditing(null), setError(null))}>
              {translate('ra.action.cancel')}
            </Button>
            <Button size="small" variant="contained" onClick={save} disabled={busy}>
              {translate('cans.assessments.comments.save')}
            </Button>
          </Stack>
        </Box>
      ) : (
        !readOnly && (
          <Button
            size="small"
            startIcon={<ChatBubbleOutline fontSize="small" />}
            onClick={() => setEditing({ commentId: null, content: '' })}
            aria-label={translate('cans.assessments.comments.addOn', { name: question.name })}
          >
            {translate('cans.assessments.comments.add')}
          </Button>
        )
      )}
    </Box>
  );
};
