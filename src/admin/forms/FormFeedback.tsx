import { ErrorSummary } from '../../ui/forms/ErrorSummary.tsx';
import type { SubmitFeedback } from './use-admin-form.ts';

/**
 * The top of a form: the error summary, or the message of a failure no field explains. Both
 * are alerts inserted when there is something to say, as the public forms' summary is.
 */
export function FormFeedback({ feedback }: { feedback: SubmitFeedback }) {
  return (
    <>
      <ErrorSummary errors={feedback.summary} labels={feedback.labels} />
      {feedback.formError && (
        <p role="alert" className="form-error">
          {feedback.formError}
        </p>
      )}
    </>
  );
}
