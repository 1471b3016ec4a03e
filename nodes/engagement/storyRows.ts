import type { IDataObject } from 'n8n-workflow';

/** The flat form a sheet takes: one row per story and slide, or per story and day; readers named apart. */
export function storyRows(summaries: IDataObject[], rows: 'slide' | 'day'): IDataObject[] {
	return summaries.flatMap((summary) => {
		const story = {
			storyId: summary.storyId,
			storyTitle: summary.storyTitle,
			periodFrom: summary.periodFrom,
			periodTo: summary.periodTo,
			storyReaders: summary.readers,
			lastSlide: summary.lastSlide,
		};
		if (rows === 'slide')
			return (summary.slides as IDataObject[]).map((slide) => ({ ...story, ...slide }));
		return (summary.days as IDataObject[]).map((day) => ({
			...story,
			date: day.date,
			dayReadingSessions: day.readingSessions,
			dayReaders: day.readers,
		}));
	});
}
