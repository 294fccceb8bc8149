export declare const REFERENCE_MARKER: string;
export declare function withReference(
  readme: string,
  declaration: {
    attributes?: { name: string; fieldName?: string; type?: { text: string }; description?: string }[];
    events?: { name: string; description?: string }[];
    cssParts?: { name: string; description?: string }[];
    cssProperties?: { name: string; description?: string }[];
  },
): string;
