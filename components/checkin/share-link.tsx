'use client';
// Sending the check-in link: the phone's share sheet where the browser has one (navigator.share),
// otherwise copying to the clipboard. The link itself stays visible and selectable either way.
import { useState, useSyncExternalStore } from 'react';
import { buttonClass } from '@/components/ui/button';

const noSubscription = () => () => {};

export function ShareLink({
  url,
  title,
  shareLabel,
  copyLabel,
  copiedText,
}: {
  url: string;
  title: string;
  shareLabel: string;
  copyLabel: string;
  copiedText: string;
}) {
  const canShare = useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === 'function',
    () => false,
  );
  const [status, setStatus] = useState('');
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {canShare ? (
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => {
              navigator.share({ title, url }).catch(() => {
                // dismissed by the user: nothing to report
              });
            }}
          >
            {shareLabel}
          </button>
        ) : null}
        <button
          type="button"
          className={buttonClass(canShare ? 'secondary' : 'primary')}
          onClick={() => {
            navigator.clipboard
              .writeText(url)
              .then(() => setStatus(copiedText))
              .catch(() => setStatus(''));
          }}
        >
          {copyLabel}
        </button>
      </div>
      <p role="status" className="text-sm text-green-800">
        {status}
      </p>
    </div>
  );
}
