/**
 * What a decider is asked to do: a type, its data, and the time it is asked at (deciders never
 * read the clock). Every module declares its commands with this one shape.
 */
export type Command<Type extends string, Data> = { type: Type; data: Data; metadata: { now: string } };
