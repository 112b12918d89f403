import { smallSecondaryButton } from "~/components/admin/styles";
import type { UploadPhase } from "./use-upload-request";

const barClass =
  "h-2 w-full appearance-none overflow-hidden rounded-full bg-navy-100 [&::-moz-progress-bar]:bg-accent-700 [&::-webkit-progress-bar]:bg-navy-100 [&::-webkit-progress-value]:bg-accent-700 [&::-webkit-progress-value]:transition-[width]";

/**
 * How far an upload has got: a progress bar named for the file, the share sent, then "Processing" (with no
 * value: the bar moves without a figure) while the server encodes the image. The line above the bar is a
 * status region, so a screen reader hears each step without every percentage.
 */
export function UploadProgress({ phase, onCancel }: { phase: UploadPhase; onCancel: () => void }) {
  const percent = phase.state === "sending" && phase.total > 0 ? Math.min(100, Math.round((phase.loaded / phase.total) * 100)) : null;
  const label =
    phase.state === "sending" ? `Uploading ${phase.fileName}` : phase.state === "processing" ? `Processing ${phase.fileName}...` : "";
  return (
    <div className="grid min-w-0 flex-1 basis-64 gap-1">
      <p role="status" id="media-upload-progress-label" className="text-sm font-medium break-all text-navy-800">
        {label}
      </p>
      {phase.state === "idle" ? null : (
        <div className="flex items-center gap-3">
          <progress
            aria-labelledby="media-upload-progress-label"
            max={100}
            value={percent ?? undefined}
            className={barClass}
          >
            {percent === null ? "" : `${percent}%`}
          </progress>
          <span aria-hidden="true" className="w-10 shrink-0 text-right text-sm text-navy-700 tabular-nums">
            {percent === null ? "" : `${percent}%`}
          </span>
          {phase.state === "sending" ? (
            <button type="button" onClick={onCancel} className={smallSecondaryButton}>
              Cancel upload
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
