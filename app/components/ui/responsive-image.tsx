import { mediaSrcSet, mediaUrl, mediaWidthFor, type MediaImage } from "~/utils/media";

interface ResponsiveImageProps {
  image: MediaImage;
  /** How wide the image is drawn, for the browser to pick a width: "(min-width: 768px) 720px, 100vw". */
  sizes: string;
  /** Above the fold (a hero or a post's cover): fetched at once, first. Otherwise it loads as it nears the screen. */
  priority?: boolean;
  className?: string;
  /** Overrides the image's own alt text: "" for a picture that only decorates. */
  alt?: string;
}

/**
 * An image from the media library: every stored width in `srcset` (the server picks AVIF, WebP or the
 * fallback from the browser's Accept), its width and height so nothing moves when it arrives, and lazy
 * loading unless it is the first thing on the page.
 */
export function ResponsiveImage({ image, sizes, priority = false, className, alt }: ResponsiveImageProps) {
  const fallbackWidth = mediaWidthFor(image, 960);
  return (
    <img
      src={mediaUrl(image.hash, fallbackWidth)}
      srcSet={mediaSrcSet(image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      // React 18 does not know fetchPriority; the lower-case attribute reaches the HTML as written.
      {...{ fetchpriority: priority ? "high" : undefined }}
      className={className}
    />
  );
}
