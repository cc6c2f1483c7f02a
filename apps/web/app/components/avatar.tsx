/** The person's picture, or their initial on a soft disc. Decorative: their name is always next to it. */
export function Avatar({ name, image }: { name: string; image?: string | null }) {
  if (image) return <img className="avatar" src={image} alt="" referrerPolicy="no-referrer" />;
  return (
    <span className="avatar" aria-hidden="true">
      {(name.trim().charAt(0) || '·').toUpperCase()}
    </span>
  );
}
