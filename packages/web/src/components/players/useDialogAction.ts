import { useState } from 'react';

/**
 * A dialog's confirm action: `working` while it runs, then `close` when it succeeded. A failure leaves the
 * dialog open (the client has shown the error).
 */
export function useDialogAction(close: () => void) {
  const [working, setWorking] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setWorking(true);
    try {
      await action();
      close();
    } catch {
      // the client has shown the error
    } finally {
      setWorking(false);
    }
  };
  return { working, run };
}
