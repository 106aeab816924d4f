import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_FILE_BYTES } from '../../shared/constants';
import { invalid } from '../errors';

// Videos are never stored as sent (issue 14 item 7): ffprobe must find a real video stream in
// them, and ffmpeg rewrites them into a fresh file with no metadata (GPS, titles, camera tags),
// no data or subtitle streams, and MP4's index at the front (faststart). A frame at about one
// second becomes the poster image. ffmpeg runs with spawn (no shell), a timeout and a cap on
// what it may write; the caller runs it through the media work queue.

/** Longest video accepted, in seconds. */
export const MAX_VIDEO_SECONDS = 180;
/** Largest frame accepted (4K UHD): a poster decodes one such frame. */
export const MAX_VIDEO_PIXELS = 3840 * 2160;
/** ffprobe's time for one file. */
export const VIDEO_PROBE_TIMEOUT_MS = 10_000;
/** ffmpeg's time to remux (or, for codecs browsers do not play, transcode) one file. */
export const VIDEO_CONVERT_TIMEOUT_MS = 120_000;
/** Largest file ffmpeg may produce (a transcode can grow a little). */
export const VIDEO_MAX_OUTPUT_BYTES = 2 * MAX_FILE_BYTES;
/** Where the poster frame is taken, in seconds (half the video when it is shorter). */
export const POSTER_AT_SECONDS = 1;
/** A transcoded video fits in 1280×1280, its sides even (H.264 needs them so). */
const TRANSCODE_SCALE =
  "scale=w='min(1280,iw)':h='min(1280,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2";
/** Within this of the output cap, ffmpeg is taken to have stopped at it. */
const OUTPUT_CUT_MARGIN = 1024 * 1024;
/** Largest poster frame ffmpeg may hand over as PNG. */
const POSTER_MAX_BYTES = 64 * 1024 * 1024;

/** The programs used; paths can be set for tests (a missing one) or unusual installs. */
export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}
export const DEFAULT_VIDEO_TOOLS: VideoTools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };

// Codecs the browsers we target play in each container; other MP4 video is turned into H.264.
const PLAYABLE = {
  mp4: { video: ['h264', 'hevc', 'av1', 'vp9'], audio: ['aac', 'mp3', 'opus', 'flac'] },
  webm: { video: ['vp8', 'vp9', 'av1'], audio: ['opus', 'vorbis'] },
} as const;

interface RunResult {
  code: number | null;
  stdout: Buffer;
  /** The end of stderr, for logs. */
  stderr: string;
}

/** Runs a program without a shell; killed past `timeoutMs` or past `maxOutput` bytes of stdout. */
export function runTool(
  command: string,
  args: string[],
  options: { timeoutMs: number; maxOutput: number },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failed = false;
    const kill = () => {
      failed = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxOutput) kill();
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: failed ? null : code, stdout: Buffer.concat(chunks), stderr });
    });
  });
}

/** Whether ffmpeg and ffprobe can be run; the answer is kept. */
export class VideoSupport {
  private checked: Promise<boolean> | undefined;

  constructor(readonly tools: VideoTools = DEFAULT_VIDEO_TOOLS) {}

  available(): Promise<boolean> {
    this.checked ??= Promise.all(
      [this.tools.ffmpeg, this.tools.ffprobe].map((tool) =>
        runTool(tool, ['-version'], { timeoutMs: VIDEO_PROBE_TIMEOUT_MS, maxOutput: 1 << 20 }).then(
          (result) => result.code === 0,
          () => false,
        ),
      ),
    ).then((results) => results.every(Boolean));
    return this.checked;
  }
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  disposition?: { attached_pic?: number };
}
interface Probe {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

export interface ConvertedVideo {
  /** The rewritten file. */
  video: Buffer;
  /** One frame as PNG, for the image pipeline. */
  frame: Buffer;
}

const notAllowed = (field: string) => invalid(field, 'file_type_not_allowed');

/**
 * Probes, rewrites and takes a frame of an upload whose first bytes said MP4 or WebM. 422 under
 * `field`: `file_type_not_allowed` when no real video is inside, `video_too_large` past the caps.
 */
export async function convertVideo(
  buffer: Buffer,
  extension: 'mp4' | 'webm',
  field: string,
  tools: VideoTools,
): Promise<ConvertedVideo> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'souq-video-'));
  try {
    const input = path.join(dir, `in.${extension}`);
    const output = path.join(dir, `out.${extension}`);
    await fs.promises.writeFile(input, buffer);

    const probed = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input],
      { timeoutMs: VIDEO_PROBE_TIMEOUT_MS, maxOutput: 1 << 20 },
    );
    if (probed.code !== 0) throw notAllowed(field);
    let probe: Probe;
    try {
      probe = JSON.parse(probed.stdout.toString()) as Probe;
    } catch {
      throw notAllowed(field);
    }
    const formats = (probe.format?.format_name ?? '').split(',');
    const container = extension === 'mp4' ? 'mp4' : 'webm';
    if (!formats.includes(container)) throw notAllowed(field);
    const streams = probe.streams ?? [];
    const video = streams.find(
      (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height,
    );
    if (!video) throw notAllowed(field);
    // Browsers' own recordings (MediaRecorder WebM) often state no duration: `-t` below caps
    // those, and their poster is the first frame.
    const stated = Number(probe.format?.duration);
    const duration = Number.isFinite(stated) && stated > 0 ? stated : 0;
    if (duration > MAX_VIDEO_SECONDS || video.width! * video.height! > MAX_VIDEO_PIXELS) {
      throw invalid(field, 'video_too_large');
    }
    const audio = streams.find((s) => s.codec_type === 'audio');

    const playable = PLAYABLE[container];
    const videoPlays = (playable.video as readonly string[]).includes(video.codec_name ?? '');
    // WebM holds only VP8, VP9 and AV1; anything else claiming to be WebM is not one.
    if (!videoPlays && container === 'webm') throw notAllowed(field);
    const audioPlays = !audio || (playable.audio as readonly string[]).includes(audio.codec_name!);
    const codecArgs = [
      ...(videoPlays
        ? ['-c:v', 'copy']
        : [
            // Fast over small: at most 1280 px, about 1 s of CPU per 10 s of 720p video.
            ...['-vf', TRANSCODE_SCALE, '-c:v', 'libx264', '-preset', 'ultrafast'],
            ...['-crf', '28', '-pix_fmt', 'yuv420p'],
          ]),
      ...(audioPlays ? ['-c:a', 'copy'] : ['-c:a', container === 'mp4' ? 'aac' : 'libopus']),
    ];
    const converted = await runTool(
      tools.ffmpeg,
      [
        ...['-nostdin', '-hide_banner', '-v', 'error', '-threads', '1', '-i', input],
        // The first video and audio streams only: no data, subtitle or attachment streams.
        ...['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'],
        // No metadata at all (global, per stream, chapters), and no encoder tag.
        ...['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'],
        ...codecArgs,
        ...['-threads', '1', '-t', String(MAX_VIDEO_SECONDS)],
        ...(container === 'mp4' ? ['-movflags', '+faststart', '-f', 'mp4'] : ['-f', 'webm']),
        ...['-fs', String(VIDEO_MAX_OUTPUT_BYTES), output],
      ],
      { timeoutMs: VIDEO_CONVERT_TIMEOUT_MS, maxOutput: 1 << 20 },
    );
    // Killed at the time limit: too much work for one upload.
    if (converted.code === null) throw invalid(field, 'video_too_large');
    if (converted.code !== 0) throw notAllowed(field);
    const rewritten = await fs.promises.readFile(output);
    if (rewritten.length === 0) throw notAllowed(field);
    // `-fs` stops writing at the cap and still exits 0: a file that reached it was cut short.
    if (rewritten.length >= VIDEO_MAX_OUTPUT_BYTES - OUTPUT_CUT_MARGIN)
      throw invalid(field, 'video_too_large');

    const frame = await runTool(
      tools.ffmpeg,
      [
        ...['-nostdin', '-hide_banner', '-v', 'error', '-threads', '1'],
        ...['-ss', String(Math.min(POSTER_AT_SECONDS, duration / 2)), '-i', output],
        ...['-map', '0:v:0', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      ],
      { timeoutMs: VIDEO_PROBE_TIMEOUT_MS, maxOutput: POSTER_MAX_BYTES },
    );
    if (frame.code !== 0 || frame.stdout.length === 0) throw notAllowed(field);
    return { video: rewritten, frame: frame.stdout };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
