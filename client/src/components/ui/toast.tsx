import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ToastTone = 'success' | 'error' | 'info';
type Toast = { id: number; tone: ToastTone; message: string };

type ToastApi = { show: (message: string, tone?: ToastTone) => void };

const ToastContext = createContext<ToastApi>({ show: () => undefined });

export const useToast = (): ToastApi => useContext(ToastContext);

const TONES: Record<ToastTone, string> = {
  success: 'border-scoring-600 dark:border-scoring-400',
  error: 'border-red-700 dark:border-red-400',
  info: 'border-primary-700 dark:border-primary-300',
};

const DISMISS_AFTER_MS = 6_000;

/** Toasts stack bottom-right, 25rem wide (spec §9), full width on a 360 px screen; errors stay until dismissed. */
export const ToastProvider = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('common');
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (message: string, tone: ToastTone = 'success') => {
      const id = Date.now() + Math.random();
      setToasts((current) => [...current.slice(-3), { id, tone, message }]);
      if (tone !== 'error') setTimeout(() => dismiss(id), DISMISS_AFTER_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed right-0 bottom-0 z-50 flex w-full max-w-toast flex-col gap-2 p-4"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            data-testid="toast"
            className={`pointer-events-auto flex w-full items-start gap-3 rounded-md border-l-4 bg-white p-3 text-sm text-gray-900 shadow-lg dark:bg-gray-800 dark:text-gray-100 ${TONES[toast.tone]}`}
          >
            <p className="flex-1 break-words">{toast.message}</p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="rounded px-1 text-gray-700 hover:text-gray-950 dark:text-gray-300 dark:hover:text-white"
            >
              <span aria-hidden="true">×</span>
              <span className="sr-only">{t('toast.dismiss')}</span>
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
};
