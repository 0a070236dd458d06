/* The questions of a domain or module, then its modules (nested to any depth), each with its own comments. */
import type { ModuleView, QuestionComment, QuestionView } from './assessment-types';
import { ModuleBlock } from './ModuleBlock';
import { QuestionItem } from './QuestionItem';
import type { QuestionnaireHandlers } from './QuestionComments';

export interface QuestionListProps {
  questions: QuestionView[];
  modules: ModuleView[];
  caregiverId: string | null;
  comments: QuestionComment[];
  readOnly: boolean;
  handlers: QuestionnaireHandlers;
  depth?: number;
}

export const QuestionList = ({ questions, modules, caregiverId, comments, readOnly, handlers, depth = 0 }: QuestionListProps) => (
  <>
    {questions.map((question) => (
      <QuestionItem
        key={question.code}
        question={question}
        caregiverId={caregiverId}
        comments={comments.filter((c) => c.questionCode === question.code && (c.caregiverId ?? null) === caregiverId)}
        readOnly={readOnly}
        handlers={handlers}
      />
    ))}
    {modules.map((module) => (
      // The module's own list is rendered here and handed in, so the two components do not import each other.
      <ModuleBlock key={module.code} module={module} depth={depth}>
        <QuestionList
          questions={module.questions}
          modules={module.modules ?? []}
          caregiverId={caregiverId}
          comments={comments}
          readOnly={readOnly}
          handlers={handlers}
          depth={depth + 1}
        />
      </ModuleBlock>
    ))}
  </>
);
