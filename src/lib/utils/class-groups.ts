// The tailwind-merge class groups this app's classes belong to (cn.test.ts finds every class in src/ and fails, naming
// the group, when one belongs to a group missing here). tailwind-merge builds a lookup map of every group it knows on
// its first call; with these 98 of its 379 groups that costs about half (Node, first call: 17–22 ms → 9–10 ms).
export const CLASS_GROUPS = [
  'align-items', 'align-self', 'animate', 'appearance', 'aspect', 'backdrop-blur', 'bg-color', 'border-color',
  'border-color-b', 'border-w', 'border-w-b', 'border-w-r', 'border-w-t', 'bottom', 'break', 'caption',
  'col-start-end', 'cursor', 'display', 'divide-color', 'divide-y', 'fill', 'flex', 'flex-direction', 'flex-wrap',
  'font-family', 'font-size', 'font-weight', 'fvn-spacing', 'gap', 'gap-x', 'gap-y', 'grid-cols', 'h', 'inset',
  'inset-x', 'inset-y', 'justify-content', 'leading', 'left', 'line-clamp', 'max-h', 'max-w', 'mb', 'min-h', 'min-w',
  'ml', 'mr', 'mt', 'mx', 'my', 'object-fit', 'opacity', 'outline-color', 'outline-style', 'outline-w', 'overflow',
  'overflow-x', 'overflow-y', 'p', 'pb', 'pl', 'pointer-events', 'position', 'pr', 'pt', 'px', 'py', 'right',
  'ring-color', 'ring-offset-color', 'ring-offset-w', 'ring-w', 'rounded', 'select', 'shadow', 'shadow-color',
  'shrink', 'size', 'space-y', 'sr', 'text-alignment', 'text-color', 'text-decoration', 'text-overflow',
  'text-transform', 'top', 'tracking', 'transform-origin', 'transition', 'translate-x', 'translate-y',
  'underline-offset', 'vertical-align', 'visibility', 'w', 'whitespace', 'z',
] as const;
