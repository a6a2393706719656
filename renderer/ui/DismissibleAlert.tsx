import { MessageText } from './MessageText.tsx';

interface DismissibleAlertProps {
  message: string;
  onDismiss: () => void;
}

/** A problem the user must see, read out at once, until they dismiss it. */
export function DismissibleAlert({ message, onDismiss }: DismissibleAlertProps) {
  return (
    <div className="dismissible-alert" role="alert">
      <span>
        <MessageText text={message} />
      </span>
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
