// The chat page's one way to make an element: properties set as properties (text only ever
// as `textContent`), `data-*` as attributes, children appended (null and undefined skipped).

/** A new `tag` element with `props` and `children`. */
export const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === "class") node.className = value;
    else if (name.startsWith("data-")) node.setAttribute(name, value);
    else node[name] = value;
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
};
