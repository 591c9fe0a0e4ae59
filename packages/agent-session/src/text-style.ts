/**
 * How the texts of this package are marked up: a terminal program passes ANSI colours, a
 * web page could pass HTML spans; {@link plainStyle} (the default everywhere) leaves text as it is.
 */
export interface TextStyle {
  dim(text: string): string;
  bold(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const plain = (text: string) => text;

/** The {@link TextStyle} that changes nothing. */
export const plainStyle: TextStyle = {
  dim: plain,
  bold: plain,
  red: plain,
  green: plain,
  yellow: plain,
  cyan: plain,
};
