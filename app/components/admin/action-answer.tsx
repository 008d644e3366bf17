/** What a console action answered, announced where the admin is. */
export function ActionAnswer({ answer }: { answer: { message: string } | undefined }) {
  if (!answer) return null;
  return (
    <p className="admin-answer" role="status">
      {answer.message}
    </p>
  );
}
