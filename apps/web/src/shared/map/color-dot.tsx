/** The round swatch of a map colour, beside a robot's name or a legend entry (the text says what it means). */
export function ColorDot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: 5,
        marginInlineEnd: 8,
        background: color,
      }}
    />
  );
}
