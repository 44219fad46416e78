import { ErrorSummary } from '../../islands/forms/ErrorSummary.tsx';
import type { SubmitFeedback } from './use-submit-feedback.ts';

/** The top of a form: the error summary, or the message of a failure no field explains. */
export function FormFeedback({ feedback }: { feedback: SubmitFeedback }) {
  return (
    <>
      <ErrorSummary errors={feedback.summary} labels={feedback.labels} />
      <div role="alert">{feedback.formError && <p className="form-error">{feedback.formError}</p>}</div>
    </>
  );
}
