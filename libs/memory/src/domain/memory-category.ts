/** A category an account adds beside the built-in ones (decision 159): its name is unique in the account. */
export interface CustomMemoryCategory {
  readonly userId: string;
  readonly name: string;
  /** What the category holds, in words: the extractor's prompt and the offline classifier read it. */
  readonly description: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
